import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { startUiServer, type UiServer, type UiServerOptions } from '../server/ui-server';
import { launchChromium } from './browser';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHOTS = path.join(ROOT, 'test-output', 'screenshots');

export const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1600, height: 1000 },
] as const;

/** One server and one browser for a whole test file. */
export async function startUiSession(options: Partial<UiServerOptions> = {}): Promise<{ server: UiServer; browser: Browser }> {
  mkdirSync(SHOTS, { recursive: true });
  const server = await startUiServer({
    staticDir: path.join(ROOT, 'renderer', 'dist'),
    fixturesDir: path.join(ROOT, 'fixtures'),
    attach: { port: 0 },
    ...options,
  });
  return { server, browser: await launchChromium() };
}

/** A page with the game open and its chart drawn. */
export async function openGame(browser: Browser, url: string, game: string, numPlayers: number, seed: string): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORTS[1] });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(url);
  await page.waitForSelector('.workspace');
  await page.evaluate((request) => (window as any).flowscope.open(request), { game, numPlayers, seed });
  await page.waitForSelector('.react-flow__node', { timeout: 20_000 });
  return page;
}

/** Switches the theme with the toolbar's toggle, or (while a modal dialog or the project options cover the toolbar) on the page itself. */
export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.dataset.theme ?? 'dark')) === theme) return;
  if (await page.locator('[aria-modal="true"], #project-options').count())
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
  else await page.getByLabel('toggle theme').click();
}

/** Screenshots at 1280x720 and 1600x1000 in both themes (`name-1280-dark.png` …); leaves the page at 1600x1000, dark. */
export async function shootAll(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}-${theme}.png`) });
    }
  }
  await setTheme(page, 'dark');
}

/** Waits until step `n` is selected and its detail shown (the panels keep the step before until it comes). */
export async function waitForStepDetail(page: Page, n: number): Promise<void> {
  await page.waitForFunction((i) => {
    const selected = document.querySelector('[data-testid="step-counter"]')?.textContent?.match(/step (\d+) \//)?.[1];
    const pane = document.querySelector('[data-testid="step-detail"]');
    return selected === String(i) && pane?.getAttribute('data-index') === String(i) && pane.getAttribute('aria-busy') === 'false';
  }, n);
}

/** The step counter's "step N / M" as numbers. */
export async function stepCounter(page: Page): Promise<{ selected: number; last: number }> {
  const text = (await page.getByTestId('step-counter').textContent()) ?? '';
  const m = text.match(/step (\d+) \/ (\d+)/);
  if (!m) throw new Error(`unexpected step counter: ${text}`);
  return { selected: Number(m[1]), last: Number(m[2]) };
}
