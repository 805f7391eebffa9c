import { mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUiServer, type UiServer } from '../server/ui-server';
import { browserUnavailable, launchChromium } from '../testing/browser';
import { tempDirWith } from '../testing/temp-dir';

const root = path.resolve(import.meta.dirname, '../..');
const shots = path.join(root, 'test-output', 'screenshots');
const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);
if (missing) console.warn(`skipping browser tests: ${missing}`);

/** A game's own page (its client with the enhancer), bundled with esbuild and served on 127.0.0.1. */
async function serveGamePage(): Promise<{ url: string; close(): Promise<void> }> {
  const dir = tempDirWith({
    'index.html': '<!doctype html><meta charset="utf-8"><title>game</title><body><script type="module" src="page.js"></script></body>',
  });
  await esbuild.build({
    entryPoints: [path.join(import.meta.dirname, 'testing/attach-page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    outfile: path.join(dir, 'page.js'),
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const server = http.createServer((req, res) => {
    const file = new URL(req.url ?? '/', 'http://127.0.0.1').pathname === '/page.js' ? 'page.js' : 'index.html';
    res.writeHead(200, { 'Content-Type': file.endsWith('.js') ? 'text/javascript' : 'text/html' }).end(readFileSync(path.join(dir, file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!!missing)('Flowscope follows a game played in its own page', () => {
  let flowscope: UiServer;
  let game: Awaited<ReturnType<typeof serveGamePage>>;
  let browser: Browser;
  let ui: Page;
  let play: Page;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    flowscope = await startUiServer({
      staticDir: path.join(root, 'renderer', 'dist'),
      fixturesDir: path.join(root, 'fixtures'),
      watch: false,
      attach: { port: 0 },
    });
    game = await serveGamePage();
    browser = await launchChromium();
    ui = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    play = await browser.newPage();
    for (const page of [ui, play]) page.on('pageerror', (error) => console.error('page error:', error.message));
    await ui.goto(flowscope.url);
    await ui.waitForSelector('.workspace');
    await ui.evaluate(() => (window as any).flowscope.open({ game: 'tic-tac-toe' }));
  });

  afterAll(async () => {
    await browser?.close();
    await game?.close();
    await flowscope?.close();
  });

  const selected = async () => Number((await ui.getByTestId('step-counter').textContent())!.match(/step (\d+)/)![1]);

  it('before any game reports, the page says how to connect one (browser mode has no File menu)', async () => {
    await ui.getByTestId('connect-link').click();
    const bar = ui.locator('.live-bar');
    expect(await bar.textContent()).toContain('No game you run reports to Flowscope yet');
    await expect.poll(() => ui.getByTestId('attach-token').textContent()).toBe(flowscope.attach!.token);
    expect(await ui.getByTestId('attach-help').textContent()).toContain(flowscope.attach!.url);
    await bar.getByRole('button', { name: 'Hide connecting' }).click();
    expect(await ui.getByTestId('attach-help').count()).toBe(0);
    expect(await ui.getByTestId('connect-link').count()).toBe(1);
  });

  it('lists the page as a match, follows it, and shows each of its moves as it is made', async () => {
    await play.goto(`${game.url}?token=${encodeURIComponent(flowscope.attach!.token)}&url=${encodeURIComponent(flowscope.attach!.url)}`);
    await play.waitForFunction(() => (window as any).client?.getState());
    await ui.getByRole('button', { name: 'Matches…' }).click();
    await ui.getByRole('button', { name: 'Follow' }).click();
    await expect.poll(() => ui.locator('.live-mark').textContent()).toMatch(/Live: tic-tac-toe: local client · 0 steps/);
    const seed = await play.evaluate(() => (window as any).client.getInitialState().plugins.random.data.seed);
    expect(await ui.evaluate(async () => (await (window as any).flowscope.host.view()).seed)).toBe(seed);

    // Player 1 wins with the sixth click; the seventh comes after the game ended, and is refused there as here.
    const cells = [4, 0, 8, 2, 6, 1, 7];
    for (const [i, cell] of cells.entries()) {
      await play.evaluate((c) => (window as any).client.moves.clickCell(c), cell);
      await expect.poll(selected).toBe(i + 1);
      await expect.poll(() => ui.getByTestId('step-detail').getAttribute('data-index')).toBe(String(i + 1));
    }
    await expect.poll(() => ui.locator('.live-mark').textContent()).toMatch(/7 steps · game over/);
    const last = await ui.evaluate(
      async () =>
        (await (window as any).flowscope.host.step(7)) as {
          ok: boolean;
          G: unknown;
          diagnostics: { code: string }[];
          ctx: { gameover: unknown };
        },
    );
    expect(last.ok).toBe(false);
    expect(last.G).toEqual(await play.evaluate(() => (window as any).client.getState().G));
    expect(last.ctx.gameover).toEqual({ winner: '1' });
    expect(last.diagnostics.filter((d) => d.code.startsWith('live-'))).toEqual([]);
    await ui.screenshot({ path: path.join(shots, 'attach-follow.png') });
  });
});
