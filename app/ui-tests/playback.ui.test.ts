import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UiServer } from '../server/ui-server';
import { browserUnavailable } from '../testing/browser';
import { longTicTacToeReplay } from '../testing/long-replay';
import { openGame, startUiSession, stepCounter } from '../testing/ui-session';

const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);

describe.skipIf(!!missing)('playback speed', () => {
  let server: UiServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ server, browser } = await startUiSession({ watch: false }));
    page = await openGame(browser, server.url, 'tic-tac-toe', 2, 'playback');
    await page.evaluate(
      (text) => (window as any).flowscope.openReplay(text, 'long.replay.json'),
      await longTicTacToeReplay(600, 'playback'),
    );
    await page.evaluate(() => (window as any).flowscope.select(0));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('plays at the chosen speed or shows the rate it really runs at', async () => {
    const { last } = await stepCounter(page);
    expect(last).toBeGreaterThan(200);
    await page.getByLabel('playback speed').selectOption('60');
    const rate = page.getByTestId('play-rate');
    // The page's own measure of the playback: steps advanced over time, from the store.
    const sample = () => page.evaluate(() => ({ at: performance.now(), step: (window as any).flowscope.store.get().selected as number }));
    await page.getByRole('button', { name: 'play', exact: true }).click();
    const start = await sample();
    await rate.waitFor();
    // Let the displayed rate refresh over a stretch we measure ourselves.
    await page.waitForTimeout(1200);
    const end = await sample();
    // Read at once: the toolbar refreshes its figures while the test reads them one by one.
    const shown = await rate.evaluate((el) => ({
      steps: Number(el.getAttribute('data-steps')),
      frames: Number(el.getAttribute('data-frames')),
      text: el.textContent,
    }));
    await page.getByRole('button', { name: 'pause', exact: true }).click();
    const measured = ((end.step - start.step) / (end.at - start.at)) * 1000;

    expect(end.step).toBeGreaterThan(start.step);
    // What the toolbar says is what the page did (loosely: it measures over its last half second).
    expect(shown.steps).toBeGreaterThan(measured / 2);
    expect(shown.steps).toBeLessThan(measured * 2);
    expect(shown.frames).toBeLessThanOrEqual(shown.steps + 1);
    // Either the speed holds, or the toolbar says it does not (its line is 90%, on rounded figures:
    // near it either is right).
    if (measured < 0.8 * 60) expect(shown.text).toMatch(/running at \d+\/s/);
    const drawn = shown.frames / Math.min(60, shown.steps);
    if (drawn < 0.85) expect(shown.text).toMatch(/\d+ of \d+ steps\/s drawn/);
    if (drawn > 0.95) expect(shown.text).not.toMatch(/drawn/);
    await expect.poll(() => rate.count()).toBe(0);
  });

  it('at a low speed, every step is shown and no shortfall is reported', async () => {
    await page.evaluate(() => (window as any).flowscope.select(0));
    await page.getByLabel('playback speed').selectOption('4');
    const seen = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const c = (window as any).flowscope;
          const steps: number[] = [];
          const off = c.store.subscribe(() => {
            const s = c.store.get().selected;
            if (s > 0 && steps[steps.length - 1] !== s) steps.push(s);
            if (steps.length >= 6) {
              off();
              resolve(steps);
            }
          });
          c.togglePlay();
        }),
    );
    await page.getByRole('button', { name: 'pause', exact: true }).click();
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('the log keeps the selection in view: it scrolls only when the selection leaves, and centres it', async () => {
    const follow = await page.evaluate(async () => {
      const c = (window as any).flowscope;
      const scroller = document.querySelector('[data-testid="log-scroll"]') as HTMLElement;
      const settle = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      // Where the selected row sits in the log's view: 0 at the top, 1 at the bottom.
      const place = (i: number) => {
        const row = document.querySelector(`[data-testid="log-row-${i}"]`)!.getBoundingClientRect();
        const view = scroller.getBoundingClientRect();
        return (row.top + row.height / 2 - view.top) / view.height;
      };
      await c.select(300);
      await settle();
      await settle();
      const far = place(300);
      const scrolls: number[] = [];
      let step = 300;
      // Step on until the log has scrolled twice.
      while (scrolls.length < 2 && step < 400) {
        const top = scroller.scrollTop;
        await c.select(++step);
        await settle();
        await settle();
        if (scroller.scrollTop !== top) scrolls.push(step);
        if (place(step) < 0 || place(step) > 1) return { far, scrolls, outOfView: step };
      }
      return { far, scrolls, stepsBetween: scrolls[1] - scrolls[0], after: place(scrolls[1]) };
    });
    expect(follow.outOfView).toBeUndefined();
    expect(Math.abs(follow.far - 0.5)).toBeLessThan(0.1);
    // Centred each time, so about half a view of steps goes by between scrolls, not one.
    expect(follow.stepsBetween).toBeGreaterThan(2);
    expect(Math.abs(follow.after! - 0.5)).toBeLessThan(0.1);
  });
});
