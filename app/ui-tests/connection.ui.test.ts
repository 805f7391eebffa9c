import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUiServer, type UiServer } from '../server/ui-server';
import { browserUnavailable } from '../testing/browser';
import { openGame, ROOT, shootAll, startUiSession, stepCounter } from '../testing/ui-session';
import path from 'node:path';

const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);

describe.skipIf(!!missing)('the connection to flowscope serve', () => {
  let server: UiServer;
  let browser: Browser;
  let page: Page;
  const state = () => page.getByTestId('connection').getAttribute('data-state');

  beforeAll(async () => {
    ({ server, browser } = await startUiSession({ token: 'fixed-test-token', watch: false }));
    page = await openGame(browser, server.url, 'tic-tac-toe', 2, 'conn');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows when the server stops, disables actions, and reconnects with the same game when it returns', async () => {
    expect(await state()).toBe('open');
    await page.getByTestId('move-clickCell').click();
    await expect.poll(async () => (await stepCounter(page)).last).toBe(1);

    const port = server.port;
    await server.close();
    await expect.poll(state).toBe('closed');
    expect(await page.getByTestId('connection-banner').textContent()).toMatch(
      /Lost the connection to Flowscope: the server stopped\. Reconnecting automatically/,
    );
    expect(await page.getByTestId('move-clickCell').isDisabled()).toBe(true);
    expect(await page.getByLabel('next step').isDisabled()).toBe(true);
    // A call made anyway fails at once with a clear error; nothing waits to be sent later.
    const error = await page.evaluate(() =>
      (window as any).flowscope.host.view().then(
        () => 'sent',
        (e: Error) => e.message,
      ),
    );
    expect(error).toMatch(/not connected to Flowscope/);
    await shootAll(page, 'conn-01-lost');

    server = await startUiServer({
      port,
      token: 'fixed-test-token',
      watch: false,
      staticDir: path.join(ROOT, 'renderer', 'dist'),
      fixturesDir: path.join(ROOT, 'fixtures'),
      attach: { port: 0 },
    });
    await expect.poll(state, { timeout: 15_000 }).toBe('open');
    await expect
      .poll(() => page.getByTestId('notice-text').textContent(), { timeout: 15_000 })
      .toMatch(/reconnected: the server had restarted, so tic-tac-toe was opened again/i);
    expect(await page.getByTestId('move-clickCell').isDisabled()).toBe(false);
    expect(await page.getByTestId('connection-banner').count()).toBe(0);
    await page.getByTestId('move-clickCell').click();
    await expect.poll(async () => (await stepCounter(page)).last).toBe(1);
  });

  it('a wrong or missing token says to open the address flowscope serve printed', async () => {
    const wrong = await browser.newPage();
    await wrong.goto(server.url.replace('fixed-test-token', 'stale'));
    await expect.poll(() => wrong.getByTestId('connection').getAttribute('data-state')).toBe('refused');
    expect(await wrong.getByTestId('connection-banner').textContent()).toMatch(
      /refused this page’s token.*Open the address it printed, token included/,
    );
    await shootAll(wrong, 'conn-02-wrong-token');
    await wrong.goto(server.url.replace(/\?token=.*/, ''));
    await expect
      .poll(() => wrong.getByTestId('connection-banner').textContent())
      .toMatch(/This address has no token: open the address `flowscope serve` printed, token included/);
    await wrong.close();
  });
});
