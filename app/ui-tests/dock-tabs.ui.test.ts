/**
 * The dock's tab strip at laptop sizes: every tab on one row, with the strip's right-hand links
 * (follow a game you run…, collapse) still there, and the tabs still a keyboard tablist.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UiServer } from '../server/ui-server';
import { browserUnavailable } from '../testing/browser';
import { openGame, setTheme, SHOTS, startUiSession } from '../testing/ui-session';

const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);

const SIZES = [
  { width: 1024, height: 640 },
  { width: 1280, height: 720 },
] as const;

/** Each tab's label and the top of its box, and whether the strip's links are shown whole inside the strip. */
const strip = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('.dock-tabs')!.getBoundingClientRect();
    const inside = (el: Element | null) => {
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return (
        r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5
      );
    };
    return {
      tabs: [...document.querySelectorAll('.dock-tabs [role="tab"]')].map((t) => ({
        label: t.textContent,
        top: Math.round(t.getBoundingClientRect().top),
        inside: inside(t),
      })),
      connect: inside(document.querySelector('[data-testid="connect-link"]')),
      toggle: inside(document.querySelector('.dock-toggle')),
    };
  });

describe.skipIf(!!missing)('the dock’s tab strip at 1024x640 and 1280x720', () => {
  let server: UiServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ server, browser } = await startUiSession({ watch: false }));
    page = await openGame(browser, server.url, 'bang', 4, 'dock-tabs');
    // Two breakpoints, so the last tab reads "breakpoints (2)".
    await page.getByRole('tab', { name: 'breakpoints' }).click();
    await page.getByRole('button', { name: 'add' }).click();
    await page.getByRole('button', { name: 'add' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.breakpoint-list li').length === 2);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows every tab on one row, and the follow link and collapse, in both themes', async () => {
    expect(await page.getByTestId('connect-link').count()).toBe(1);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.waitForTimeout(150);
        await page.screenshot({ path: path.join(SHOTS, `dock-tabs-${size.width}-${theme}.png`) });
        const shown = await strip(page);
        expect(shown.tabs.map((t) => t.label)).toEqual([
          'controls',
          'findings',
          'coverage',
          expect.stringMatching(/^breakpoints \(\d+\)$/),
        ]);
        expect(new Set(shown.tabs.map((t) => t.top)).size, `tab rows at ${size.width} ${theme}`).toBe(1);
        for (const t of shown.tabs) expect(t.inside, `${t.label} inside the strip at ${size.width}`).toBe(true);
        expect(shown.connect, `follow link at ${size.width}`).toBe(true);
        expect(shown.toggle, `collapse at ${size.width}`).toBe(true);
      }
    }
    await setTheme(page, 'dark');
  });

  it('the Tab key reaches every tab in order, and Enter opens the focused one', async () => {
    await page.setViewportSize(SIZES[0]);
    await page.getByRole('tab', { name: 'controls' }).focus();
    const focused = () => page.evaluate(() => document.activeElement?.id);
    for (const next of ['findings', 'coverage', 'breakpoints']) {
      await page.keyboard.press('Tab');
      expect(await focused()).toBe(`dock-tab-${next}`);
    }
    await page.locator('.dock-tabs').screenshot({ path: path.join(SHOTS, 'dock-tabs-focus-1024.png') });
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('tab', { name: 'coverage' }).getAttribute('aria-selected')).toBe('true');
  });
});
