import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type RunningServe } from '../cli/commands/serve';
import { axeViolations } from '../testing/axe';
import { browserUnavailable, launchChromium } from '../testing/browser';
import { setTheme, SHOTS } from '../testing/ui-session';
import { factoryProject } from '../testing/factory-project';

const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);

const quiet = () => undefined;
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 640 },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.skipIf(!!missing)('the project form', () => {
  let browser: Browser;
  let server: RunningServe;
  let page: Page;
  let file: string;

  beforeAll(async () => {
    file = factoryProject();
    expect(path.relative(process.cwd(), file).startsWith('..')).toBe(true);
    server = await startServe(
      {
        timeoutSeconds: 10,
        port: 0,
        attach: false,
        file,
        game: 'makeGame',
        open: { factoryArgs: [5], stubModules: ['not-installed-toasts'] },
      },
      quiet,
      quiet,
    );
    await server.loaded;
    browser = await launchChromium();
    // axe is injected as a test tool past the page's CSP.
    page = await browser.newPage({ viewport: SIZES[0], bypassCSP: true });
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(server.url);
    await page.waitForSelector('.react-flow__node', { timeout: 20_000 });
  });
  /** Opens the project options (whatever the test before left). */
  const openOptions = async () => {
    const toggle = page.getByRole('button', { name: /^project/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const options = page.getByRole('group', { name: 'project options' });
    await options.waitFor();
    return options;
  };

  afterAll(async () => {
    await page?.close();
    await server?.close();
    await browser?.close();
  });

  it('names the game file as the user knows it, never ../… from the server folder, and whole in its tooltip', async () => {
    await openOptions();
    const shown = page.getByTestId('project-game-file');
    expect(await shown.getAttribute('title', { timeout: 5000 })).toBe(file);
    const text = (await shown.textContent())!;
    expect(text).not.toMatch(/^\.\.[\\/]/);
    expect(text.endsWith(`${path.sep}game.ts`)).toBe(true);
    expect(text.length).toBeLessThan(file.length);
    // Copy gives the whole path.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.getByRole('button', { name: "copy the game file's path" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(file);
    await page.getByRole('button', { name: /^project/ }).click();
  });

  it('the notice its input caused names the file without ../, and the reopened form does not cover it, at both sizes and in both themes', async () => {
    const options = await openOptions();
    await options.getByLabel('stub modules').fill('');
    await page.getByRole('button', { name: 'New session' }).click();
    const notice = page.getByTestId('notice');
    await expect.poll(() => page.getByTestId('notice-text').textContent(), { timeout: 20_000 }).toMatch(/not-installed-toasts/);
    const said = (await page.getByTestId('notice-text').textContent())!;
    expect(said).not.toContain(path.relative(process.cwd(), file));
    expect(said).toMatch(/game\.ts:1:\d+: Could not resolve/);
    expect(said).not.toMatch(/(^|\s)\.\.[\\/]/);

    // Reopened to fix what the notice says: the notice stays readable.
    await openOptions();
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await expect
          .poll(async () => overlap((await options.boundingBox())!, (await notice.boundingBox())!), { message: `${size.width} ${theme}` })
          .toBe(false);
        await page.screenshot({ path: path.join(SHOTS, `project-form-notice-${size.width}-${theme}.png`) });
      }
      expect(await axeViolations(page), theme).toEqual([]);
    }
    await setTheme(page, 'dark');
  });
});
