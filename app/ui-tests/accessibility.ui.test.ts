import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UiServer } from '../server/ui-server';
import { browserUnavailable } from '../testing/browser';
import { axeViolations, type AxeViolation } from '../testing/axe';
import { setTheme, shootAll, startUiSession, stepCounter, waitForStepDetail } from '../testing/ui-session';

const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);

describe.skipIf(!!missing)('accessibility: WCAG 2 A/AA (axe-core) in every state, and the keyboard', () => {
  let server: UiServer;
  let browser: Browser;
  let page: Page;
  let serverUrl: string;

  beforeAll(async () => {
    ({ server, browser } = await startUiSession({ watch: false }));
    // The page's CSP allows only its own scripts; axe is injected as a test tool.
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, bypassCSP: true });
    page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    serverUrl = server.url;
    await page.goto(server.url);
    await page.waitForSelector('.workspace');
    await page.evaluate(() => (window as any).flowscope.open({ game: 'bang', numPlayers: 4, seed: 'a11y' }));
    await page.waitForSelector('.react-flow__node');
    await page.evaluate(() => (window as any).flowscope.random(30));
    await page.waitForFunction(() => /\/ (\d\d)/.test(document.querySelector('[data-testid="step-counter"]')?.textContent ?? ''));
    // Every step's summary in the log (a row gets its markers and badges from it).
    await page.evaluate(() => (window as any).flowscope.ensureSummaries(0, 100));
    // A refused step too (its badge, its error box, its notice).
    await page.evaluate(() => (window as any).flowscope.act({ type: 'move', name: 'playBang', args: ['c1', '0'], playerID: '3' }));
    await page.waitForSelector('.log-row.rejected');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Violations in both themes, each tagged with the state and theme it was seen in. */
  async function inBothThemes(state: string): Promise<(AxeViolation & { state: string })[]> {
    const found: (AxeViolation & { state: string })[] = [];
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await page.waitForTimeout(150);
      for (const v of await axeViolations(page)) found.push({ ...v, state: `${state} (${theme})` });
    }
    await setTheme(page, 'dark');
    if (found.length && process.env.FLOWSCOPE_A11Y_DUMP)
      (await import('node:fs')).appendFileSync(process.env.FLOWSCOPE_A11Y_DUMP, JSON.stringify(found, null, 1));
    return found;
  }

  it('no violation on any step of a mid-game session (trace rows, events, changes, a refused step), in both themes', async () => {
    const { last } = await stepCounter(page);
    const found: AxeViolation[] = [];
    // The first steps (a turn's hooks, a reaction's stage, each kind of trace row) and the refused last one.
    for (const step of [...Array.from({ length: 10 }, (_, i) => i), last]) {
      await page.evaluate((n) => (window as any).flowscope.select(n), step);
      await waitForStepDetail(page, step);
      found.push(...(await inBothThemes(`step ${step}`)));
    }
    expect(found).toEqual([]);
  });

  it('no violation with each tool open in the dock (findings with results, coverage on the chart, breakpoints), the project options and the connect help', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const found: AxeViolation[] = [];
    await page.getByRole('tab', { name: 'findings' }).click();
    await page.getByLabel('runs').fill('5');
    await page.getByRole('button', { name: 'explore', exact: true }).click();
    await page.waitForSelector('.findings-summary', { timeout: 30_000 });
    found.push(...(await inBothThemes('findings')));
    await page.getByRole('tab', { name: 'coverage' }).click();
    await page.getByRole('button', { name: /coverage of this session/ }).click();
    await page.waitForSelector('.coverage-summary');
    found.push(...(await inBothThemes('coverage')));
    await page.getByRole('button', { name: 'hide', exact: true }).click();
    await page.getByRole('tab', { name: 'breakpoints' }).click();
    await page.getByLabel('breakpoint kind').selectOption('turn');
    await page.getByRole('button', { name: 'add' }).click();
    found.push(...(await inBothThemes('breakpoints')));
    await page.getByRole('button', { name: /remove breakpoint/ }).click();
    await page.getByRole('tab', { name: 'controls' }).click();
    // The toolbar's project options, and how to connect a game you run.
    await page.getByRole('button', { name: /^project/ }).click();
    found.push(...(await inBothThemes('project options')));
    await page.getByRole('button', { name: /^project/ }).click();
    await page.getByTestId('connect-link').click();
    await page.getByTestId('attach-help').waitFor();
    found.push(...(await inBothThemes('connect a game')));
    await page.getByRole('button', { name: 'Hide connecting' }).click();
    await page.setViewportSize({ width: 1600, height: 1000 });
    expect(found).toEqual([]);
  });

  it('remembers the theme across reloads', async () => {
    await setTheme(page, 'light');
    await page.reload();
    await page.waitForSelector('.workspace');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await setTheme(page, 'dark');
    await page.reload();
    await page.waitForSelector('.react-flow__node');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  });

  it('Space on a focused button presses that button, not play', async () => {
    await page.keyboard.press('Home');
    await page.getByTestId('log-row-3').click();
    await page.getByLabel('next step').focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await stepCounter(page)).selected).toBe(4);
    expect(await page.locator('button[aria-label="pause"]').count()).toBe(0);
  });

  it('log rows take the focus and move with the arrow keys (roving tabindex)', async () => {
    await page.getByTestId('log-row-2').click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('log-row-2');
    expect(await page.locator('.log-row[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('log-row-3');
    expect(await page.getByTestId('log-row-3').getAttribute('tabindex')).toBe('0');
    expect(await page.getByTestId('log-row-2').getAttribute('tabindex')).toBe('-1');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('log-row-2');
  });

  it('the branch dialog keeps the focus inside, and Escape cancels it', async () => {
    const last = (await stepCounter(page)).last;
    await page.getByTestId('log-row-2').click();
    await page.evaluate(() => (window as any).flowscope.act({ type: 'event', name: 'endTurn', args: [], playerID: '0' }));
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    // Arrow keys do not step behind the dialog.
    await page.keyboard.press('ArrowRight');
    expect((await stepCounter(page)).selected).toBe(2);
    expect(await inBothThemes('branch dialog')).toEqual([]);
    await shootAll(page, 'a11y-branch-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    // The focus goes back where it was (the log row), not to the page's body.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('log-row-2');
    expect((await stepCounter(page)).last).toBe(last);
  });
  // Last: a lesson opens its own game on the host, in place of this session.
  it('no violation in a lesson (narration, an exercise with a wrong try and its hint) and in the lesson list', async () => {
    await page.goto(`${serverUrl}&learn=card-phases/phases`);
    await page.waitForSelector('[data-testid="lesson-panel"][data-loading="false"]', { timeout: 20_000 });
    const found: AxeViolation[] = [...(await inBothThemes('lesson step 1'))];
    for (let i = 0; i < 4; i++) {
      const step = Number(await page.getByTestId('lesson-panel').getAttribute('data-step'));
      await page.getByTestId('lesson-next').click();
      await expect.poll(() => page.getByTestId('lesson-panel').getAttribute('data-step'), { timeout: 15_000 }).toBe(String(step + 1));
    }
    await page.waitForSelector('[data-testid="lesson-exercise"]');
    await page.getByRole('button', { name: 'Check my answer' }).click();
    await page.waitForSelector('[data-testid="lesson-hint"]');
    found.push(...(await inBothThemes('lesson exercise, wrong try')));
    await page.getByRole('button', { name: 'Lessons' }).click();
    await page.waitForSelector('.learn-lessons');
    found.push(...(await inBothThemes('lesson list')));
    expect(found).toEqual([]);
  });
});
