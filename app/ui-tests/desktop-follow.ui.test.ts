import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowscope } from '../../attach/flowscope-attach.mjs';
import { TicTacToe } from '../../fixtures/tic-tac-toe/game';
import { preloadBuildOptions, preloadDefinitions } from '../../scripts/preload-build.mjs';
import { startDesktop } from '../electron/desktop';
import { fakeElectron, TEST_ATTACH, TRUSTED } from '../electron/testing/fake-electron';
import { browserUnavailable, launchChromium } from '../testing/browser';
import { tempDirWith } from '../testing/temp-dir';

const require = createRequire(import.meta.url);
const { Client } = require('boardgame.io/dist/cjs/client.js');
const root = path.resolve(import.meta.dirname, '../..');
const shots = path.join(root, 'test-output', 'screenshots');
const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);
if (missing) console.warn(`skipping browser tests: ${missing}`);

/** Where the page lives: requests to it are answered by the desktop app's own `flowscope://app` protocol handler. */
const PAGE_ORIGIN = 'http://app.flowscope.test';

/**
 * The bundled preload, run in the page with a fake `electron` module whose IPC goes to the desktop
 * main process in this test (`__ipcInvoke`) and whose events come back from it (`__ipcEmit`).
 */
function preloadInPage(code: string): string {
  return `(() => {
    const listeners = new Map();
    const electron = {
      contextBridge: { exposeInMainWorld: (key, api) => { window[key] = api; } },
      ipcRenderer: {
        invoke: (channel, ...args) => window.__ipcInvoke(channel, args),
        on: (channel, listener) => listeners.set(channel, [...(listeners.get(channel) ?? []), listener]),
        removeListener: (channel, listener) => listeners.set(channel, (listeners.get(channel) ?? []).filter((l) => l !== listener)),
      },
      webUtils: { getPathForFile: () => '' },
    };
    window.__ipcEmit = (channel, payload) => (listeners.get(channel) ?? []).forEach((listener) => listener({}, payload));
    const module = { exports: {} };
    (function (require, module, exports) {\n${code}\n})((name) => (name === 'electron' ? electron : undefined), module, module.exports);
  })();`;
}

describe.skipIf(!!missing)(
  'the desktop app’s window follows a game you run (its renderer and preload in Chromium, the main process with Electron faked)',
  () => {
    let browser: Browser;
    let page: Page;
    let app: Awaited<ReturnType<typeof startDesktop>>;
    let fake: ReturnType<typeof fakeElectron>;
    let client: any;

    beforeAll(async () => {
      mkdirSync(shots, { recursive: true });
      const preload = (await build({ ...preloadBuildOptions(await preloadDefinitions()), write: false })).outputFiles[0].text;
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      page.on('pageerror', (error) => console.error('page error:', error.message));
      fake = fakeElectron(
        tempDirWith({}),
        {},
        {
          send: (channel, payload) =>
            void page.evaluate(([c, p]) => (window as any).__ipcEmit(c, p), [channel, payload] as const).catch(() => undefined),
          load: async (url) => void (await page.goto(url.replace('flowscope://app', PAGE_ORIGIN))),
        },
      );
      await page.exposeFunction('__ipcInvoke', (channel: string, args: unknown[]) => fake.handlers.get(channel)!(TRUSTED, ...args));
      await page.addInitScript(preloadInPage(preload));
      await page.route(`${PAGE_ORIGIN}/**`, async (route) => {
        const answer = await fake.serveApp(route.request().url().replace(PAGE_ORIGIN, 'flowscope://app'));
        await route.fulfill({
          status: answer.status,
          headers: Object.fromEntries(answer.headers),
          body: Buffer.from(await answer.arrayBuffer()),
        });
      });
      app = await startDesktop(fake.electron, {
        argv: [path.join(root, 'fixtures', 'tic-tac-toe', 'game.ts')],
        uiDir: path.join(root, 'renderer', 'dist'),
        fixturesDir: path.join(root, 'fixtures'),
        preload: '/p.cjs',
        platform: 'linux',
        attach: TEST_ATTACH,
      });
      await page.waitForSelector('.workspace');
    });

    afterAll(async () => {
      client?.stop();
      await browser?.close();
      await app?.close();
    });

    const selected = async () => Number((await page.getByTestId('step-counter').textContent())!.match(/step (\d+)/)![1]);

    it('shows the game named on the command line (opened before the page, not raced by the page’s default game)', async () => {
      await expect.poll(() => page.getByRole('combobox', { name: 'game', exact: true }).inputValue()).toBe('tic-tac-toe');
      expect(await page.evaluate(async () => (await (window as any).flowscope.host.view()).game.name)).toBe('tic-tac-toe');
    });

    it('shows the pairing token and the line to add from File › Follow a Game You Run…', async () => {
      expect(await page.locator('.live-bar').count()).toBe(0);
      await fake.clickMenu('File', 'Follow a Game You Run…');
      await expect.poll(() => page.getByTestId('attach-token').textContent()).toBe(TEST_ATTACH.token);
      const { url } = app.live.attach!;
      await expect
        .poll(() => page.getByTestId('attach-help').textContent())
        .toContain(`enhancer: flowscope({ token: '${TEST_ATTACH.token}', url: '${url}' })`);
      expect(await page.getByTestId('attach-help').textContent()).toContain(
        `db: flowscopeStorage(db, { token: '${TEST_ATTACH.token}', url: '${url}' })`,
      );
      await page.screenshot({ path: path.join(shots, 'desktop-attach-help.png') });
      // Readable in both themes (WCAG AA contrast, axe-core), under the app's own Content Security Policy.
      await page.evaluate(readFileSync(path.join(root, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8'));
      for (const theme of ['dark', 'light']) {
        await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
        const violations = await page.evaluate(async () => {
          const result = await (window as any).axe.run('.live-bar', {
            runOnly: { type: 'rule', values: ['color-contrast'] },
            resultTypes: ['violations'],
          });
          return result.violations.flatMap((v: any) => v.nodes.map((n: any) => n.html.slice(0, 100)));
        });
        expect({ theme, violations }).toEqual({ theme, violations: [] });
      }
    });

    it('lists a local client with the enhancer, follows it, and shows each of its moves as it is made', async () => {
      const { url, token } = app.live.attach!;
      client = Client({ game: TicTacToe, numPlayers: 2, enhancer: flowscope({ url, token, game: TicTacToe }) });
      client.start();
      await expect.poll(() => page.locator('.live-bar').textContent()).toContain('A game you run reports to Flowscope.');
      await page.getByRole('button', { name: 'Matches…' }).click();
      await page.getByRole('button', { name: 'Follow' }).click();
      await expect.poll(() => page.locator('.live-mark').textContent()).toMatch(/Live: tic-tac-toe: local client · 0 steps/);
      expect(await page.evaluate(async () => (await (window as any).flowscope.host.view()).seed)).toBe(
        client.getInitialState().plugins.random.data.seed,
      );

      const cells = [4, 0, 8, 2, 6, 1, 7];
      for (const [i, cell] of cells.entries()) {
        client.moves.clickCell(cell);
        await expect.poll(selected).toBe(i + 1);
        await expect.poll(() => page.getByTestId('step-detail').getAttribute('data-index')).toBe(String(i + 1));
      }
      await expect.poll(() => page.locator('.live-mark').textContent()).toMatch(/7 steps · game over/);
      const last = await page.evaluate(
        async () => (await (window as any).flowscope.host.step(7)) as { ok: boolean; G: unknown; diagnostics: { code: string }[] },
      );
      expect(last.ok).toBe(false);
      expect(last.G).toEqual(JSON.parse(JSON.stringify(client.getState().G)));
      expect(last.diagnostics.filter((d) => d.code.startsWith('live-'))).toEqual([]);
      await page.screenshot({ path: path.join(shots, 'desktop-follow.png') });
    });
  },
);
