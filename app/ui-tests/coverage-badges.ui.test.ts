/**
 * Coverage drawn on a chart with many stages, at laptop sizes: every count badge clear of the
 * players' tokens and of the titles and move chips of phases, turns and stages. Measured in Chromium.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UiServer } from '../server/ui-server';
import { browserUnavailable } from '../testing/browser';
import { openGame, ROOT, setTheme, SHOTS, startUiSession, stepCounter } from '../testing/ui-session';

const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);

const EXPEDITION = path.join(ROOT, 'app', 'ui-tests', 'games', 'expedition.ts');
const SIZES = [
  { width: 1024, height: 640 },
  { width: 1280, height: 720 },
] as const;

/**
 * Each coverage badge (the `::after` of a node or edge chip with `data-coverage`) and each token,
 * title and move chip it overlaps, by their boxes on screen. The badge's box is its element's
 * box offset by the badge's own computed position, scaled by the chart's zoom.
 */
const badgesOverlapping = (page: Page) =>
  page.evaluate(() => {
    const { a: zoom } = new DOMMatrix(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform);
    const keep = [
      ...document.querySelectorAll('.fs-token, .fs-stage .fs-item, .fs-turn .fs-item, .fs-phase .fs-item, .fs-name, .fs-fold-close'),
    ]
      .map((el) => ({ what: `${el.className.toString().split(' ')[0]} "${el.textContent}"`, el, r: el.getBoundingClientRect() }))
      .filter((k) => k.r.width > 0);
    const hits: string[] = [];
    let badges = 0;
    for (const el of document.querySelectorAll<HTMLElement>('.fs-chart.coverage-on [data-coverage]')) {
      const after = getComputedStyle(el, '::after');
      if (after.content === 'none' || after.display === 'none') continue;
      badges++;
      const r = el.getBoundingClientRect();
      const w = parseFloat(after.width) + parseFloat(after.paddingLeft) + parseFloat(after.paddingRight);
      const h = parseFloat(after.height) + parseFloat(after.paddingTop) + parseFloat(after.paddingBottom);
      const left = after.left !== 'auto' ? r.left + parseFloat(after.left) * zoom : r.right - (parseFloat(after.right) + w) * zoom;
      const top = after.top !== 'auto' ? r.top + parseFloat(after.top) * zoom : r.bottom - (parseFloat(after.bottom) + h) * zoom;
      const b = { left, top, right: left + w * zoom, bottom: top + h * zoom };
      for (const k of keep) {
        if (k.el === el || k.el.contains(el)) continue;
        if (b.left < k.r.right - 0.5 && k.r.left < b.right - 0.5 && b.top < k.r.bottom - 0.5 && k.r.top < b.bottom - 0.5)
          hits.push(`badge ${el.dataset.coverage} of ${el.dataset.id ?? el.dataset.testid} over ${k.what}`);
      }
    }
    return { badges, hits: [...new Set(hits)] };
  });

describe.skipIf(!!missing)('coverage badges on a chart with many stages', () => {
  let server: UiServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ server, browser } = await startUiSession({ watch: false }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Shows the session's coverage, then checks and shoots every size and theme. */
  async function badgesClear(name: string): Promise<void> {
    await page.getByRole('tab', { name: 'coverage' }).click();
    await page.getByRole('button', { name: /coverage of this session/ }).click();
    await page.waitForSelector('.fs-chart.coverage-on [data-coverage]');
    // The players' tokens and the start dot are no part of the flow: no count on them.
    expect(await page.locator('.react-flow__node-token[data-coverage], .react-flow__node-start[data-coverage]').count()).toBe(0);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        // The camera eases to the new size; the boxes are measured in one frame either way.
        await page.waitForTimeout(900);
        await page.screenshot({ path: path.join(SHOTS, `coverage-badges-${name}-${size.width}-${theme}.png`) });
        const { badges, hits } = await badgesOverlapping(page);
        expect(badges).toBeGreaterThan(3);
        expect(hits, `at ${size.width} ${theme}`).toEqual([]);
      }
    }
    await page.close();
  }

  it('expedition, three players in the ambush stage: no badge covers a token, a title or a move chip, at 1024x640 and 1280x720, in both themes', async () => {
    page = await openGame(browser, server.url, EXPEDITION, 4, 'coverage');
    for (const move of ['depart', 'springAmbush']) {
      const before = (await stepCounter(page)).last;
      await page.evaluate(async (name) => {
        const c = (window as any).flowscope;
        const view = await c.host.view();
        const { ctx } = await c.host.step(view.length - 1);
        await c.act({ type: 'move', name, args: [], playerID: ctx.currentPlayer });
      }, move);
      await expect.poll(async () => (await stepCounter(page)).selected).toBe(before + 1);
    }
    await expect.poll(() => page.locator('[data-slot="expedition/stage:ambush"]').count()).toBe(3);
    await badgesClear('expedition-ambush');
  });

  it('bang after 30 random steps: no badge covers a token, a title or a move chip, at 1024x640 and 1280x720, in both themes', async () => {
    page = await openGame(browser, server.url, 'bang', 4, 'coverage');
    await page.evaluate(() => (window as any).flowscope.random(30));
    await badgesClear('bang');
  });
});
