import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UiServer } from '../server/ui-server';
import { browserUnavailable } from '../testing/browser';
import { ROOT, setTheme, shootAll, startUiSession, stepCounter } from '../testing/ui-session';

const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);

interface ContrastViolation {
  target: string;
  html: string;
  summary: string;
}

/** axe-core's color-contrast rule over the whole page (WCAG AA: 4.5:1 for text, 3:1 for large text). */
async function contrastViolations(page: Page): Promise<ContrastViolation[]> {
  await page.addScriptTag({ path: path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js') });
  return page.evaluate(async () => {
    const result = await (window as any).axe.run(document, {
      runOnly: { type: 'rule', values: ['color-contrast'] },
      resultTypes: ['violations'],
    });
    return result.violations.flatMap((v: any) =>
      v.nodes.map((n: any) => ({
        target: String(n.target),
        html: n.html.slice(0, 120),
        summary: n.failureSummary.split('\n').slice(1).join(' ').slice(0, 160),
      })),
    );
  });
}

describe.skipIf(!!missing)('accessibility: contrast and keyboard', () => {
  let server: UiServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ server, browser } = await startUiSession({ watch: false }));
    // The page's CSP allows only its own scripts; axe is injected as a test tool.
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, bypassCSP: true });
    page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(server.url);
    await page.waitForSelector('.workspace');
    await page.evaluate(() => (window as any).flowscope.open({ game: 'bang', numPlayers: 4, seed: 'a11y' }));
    await page.waitForSelector('.react-flow__node');
    await page.evaluate(() => (window as any).flowscope.random(30));
    await page.waitForFunction(() => /\/ (\d\d)/.test(document.querySelector('[data-testid="step-counter"]')?.textContent ?? ''));
    // A refused step too (its badge, its error box, its notice).
    await page.evaluate(() => (window as any).flowscope.act({ type: 'move', name: 'playBang', args: ['c1', '0'], playerID: '3' }));
    await page.waitForSelector('.log-row.rejected');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`text meets WCAG AA contrast in the ${theme} theme`, async () => {
      await setTheme(page, theme);
      await page.waitForTimeout(300);
      const violations = await contrastViolations(page);
      if (process.env.FLOWSCOPE_A11Y_DUMP)
        (await import('node:fs')).writeFileSync(`${process.env.FLOWSCOPE_A11Y_DUMP}-${theme}.json`, JSON.stringify(violations, null, 1));
      expect(violations).toEqual([]);
    });
  }

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
    await shootAll(page, 'a11y-branch-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await stepCounter(page)).last).toBe(last);
  });
});
