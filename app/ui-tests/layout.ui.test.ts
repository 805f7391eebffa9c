import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UiServer } from '../server/ui-server';
import { browserUnavailable } from '../testing/browser';
import { SHOTS, startUiSession } from '../testing/ui-session';

const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 640 },
] as const;

/** The chart pane's height as a share of the window's, and the toolbar's rows. */
async function measure(page: Page): Promise<{ chartShare: number; workspace: number; toolbarRows: number }> {
  return page.evaluate(() => {
    const chart = document.querySelector('.chart-panel')!.getBoundingClientRect();
    const tops = new Set(
      [...document.querySelectorAll('.toolbar button, .toolbar select, .toolbar input:not([hidden]), .toolbar .brand')]
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.height > 0)
        .map((r) => Math.round(r.top / 10)),
    );
    const workspace = document.querySelector('.workspace')!.getBoundingClientRect().height;
    return { chartShare: chart.height / window.innerHeight, workspace, toolbarRows: tops.size };
  });
}

describe.skipIf(!!missing)('the layout keeps the chart in view (1280x720 and 1024x640)', () => {
  let server: UiServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ server, browser } = await startUiSession({ watch: false }));
    page = await browser.newPage({ viewport: SIZES[0] });
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(server.url);
    await page.waitForSelector('.workspace');
    await page.evaluate(() => (window as any).flowscope.open({ game: 'bang', numPlayers: 4, seed: 'layout' }));
    await page.waitForSelector('.react-flow__node', { timeout: 20_000 });
    await page.evaluate(() => (window as any).flowscope.random(20));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('with each tool open, the chart keeps at least 40% of the window, and the toolbar two rows', async () => {
    // Findings with a list of results: the longest tool.
    await page.getByRole('tab', { name: 'findings' }).click();
    await page.getByLabel('runs').fill('20');
    await page.getByRole('button', { name: 'explore', exact: true }).click();
    await page.waitForSelector('.findings-summary', { timeout: 30_000 });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const tab of ['findings', 'coverage', 'breakpoints', 'controls']) {
        // (A click on the tab shown folds the dock.)
        if ((await page.getByRole('tab', { name: tab }).getAttribute('aria-selected')) !== 'true')
          await page.getByRole('tab', { name: tab }).click();
        if (tab === 'coverage') await page.getByRole('button', { name: /coverage of this session/ }).click();
        await expect.poll(() => page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
        const { chartShare, toolbarRows } = await measure(page);
        expect(chartShare, `${tab} at ${size.width}x${size.height}`).toBeGreaterThanOrEqual(0.4);
        expect(toolbarRows, `toolbar at ${size.width}`).toBeLessThanOrEqual(2);
        if (tab === 'findings') {
          // What was typed in a tab stays while another tab is shown.
          expect(await page.getByLabel('runs').inputValue()).toBe('20');
          await page.screenshot({ path: path.join(SHOTS, `layout-tools-${size.width}.png`) });
        }
      }
    }
  });

  it('the dock collapses to its tabs and comes back', async () => {
    await page.setViewportSize(SIZES[0]);
    const open = await measure(page);
    await page.getByRole('button', { name: 'collapse the dock' }).click();
    expect(await page.locator('#dock-body').count()).toBe(0);
    expect((await measure(page)).chartShare).toBeGreaterThan(open.chartShare);
    await page.getByRole('button', { name: 'expand the dock' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'controls' }).getAttribute('aria-selected')).toBe('true');
  });

  it('in a lesson with an exercise, the chart keeps 40% too, and the text folds away', async () => {
    await page.setViewportSize(SIZES[0]);
    await page.goto(`${server.url}&learn=card-phases/phases`);
    await page.waitForSelector('[data-testid="lesson-panel"][data-loading="false"]', { timeout: 20_000 });
    for (let i = 0; i < 4; i++) {
      const step = Number(await page.getByTestId('lesson-panel').getAttribute('data-step'));
      await page.getByTestId('lesson-next').click();
      await expect.poll(() => page.getByTestId('lesson-panel').getAttribute('data-step'), { timeout: 15_000 }).toBe(String(step + 1));
    }
    await page.waitForSelector('[data-testid="lesson-exercise"]');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      expect((await measure(page)).chartShare, `lesson at ${size.width}x${size.height}`).toBeGreaterThanOrEqual(0.4);
    }
    await page.setViewportSize(SIZES[0]);
    await page.screenshot({ path: path.join(SHOTS, 'layout-lesson-1280.png') });
    const withText = (await measure(page)).workspace;
    await page.getByTestId('lesson-text-toggle').click();
    expect(await page.getByTestId('lesson-text-toggle').getAttribute('aria-expanded')).toBe('false');
    // The exercise's buttons stay; its task text goes.
    expect(await page.getByRole('button', { name: 'Check my answer' }).count()).toBe(1);
    expect(await page.locator('.learn-task').count()).toBe(0);
    // The room the text took goes to the chart and the dock under it.
    expect((await measure(page)).workspace).toBeGreaterThan(withText);
    await page.screenshot({ path: path.join(SHOTS, 'layout-lesson-folded-1280.png') });
  });
});
