import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUiServer, type UiServer } from '../server/ui-server';
import { browserUnavailable, launchChromium } from '../testing/browser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const shots = path.join(root, 'test-output', 'screenshots');
const missing = browserUnavailable();

if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);
if (missing) console.warn(`skipping browser tests: ${missing}`);

describe.skipIf(!!missing)('a whole lesson in the Learn panel (card-phases/phases)', () => {
  let server: UiServer;
  let browser: Browser;
  let page: Page;

  const shot = (name: string) => page.screenshot({ path: path.join(shots, `learn-${name}.png`) });
  const panelStep = () => page.getByTestId('lesson-panel').getAttribute('data-step');
  const lastStep = async () => Number((await page.getByTestId('step-counter').textContent())!.match(/\/ (\d+)/)![1]);
  const focused = async () => ((await page.getByTestId('lesson-focus').getAttribute('data-ids')) ?? '').split(' ');
  const shown = async (step: number) => {
    await expect.poll(panelStep, { timeout: 15_000 }).toBe(String(step));
    await expect.poll(() => page.getByTestId('lesson-panel').getAttribute('data-loading'), { timeout: 15_000 }).toBe('false');
  };
  const next = async (to: number) => {
    await page.getByTestId('lesson-next').click();
    await shown(to);
  };
  async function act(player: string, testid: string): Promise<void> {
    const before = await lastStep();
    await page.getByLabel('acting player').selectOption(player);
    await page.getByTestId(testid).click();
    await expect.poll(lastStep).toBe(before + 1);
  }

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    server = await startUiServer({
      staticDir: path.join(root, 'renderer', 'dist'),
      fixturesDir: path.join(root, 'fixtures'),
      attach: { port: 0 },
    });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    page.on('pageerror', (error) => console.error('page error:', error.message));
    // What `flowscope learn` prints: the lesson list opens by itself.
    await page.goto(`${server.url}&learn=list`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the lessons, opens one on its game, and lights up the chart parts the step names', async () => {
    await page.getByTestId('lesson-card-phases/phases').click();
    await shown(0);
    // Step 1: the guide's game before it has phases (a small lesson game), in no phase.
    await page.waitForSelector('[data-testid="phase-__nophase__"][data-active="true"]', { timeout: 20_000 });
    expect(await focused()).toEqual(['phase-__nophase__']);
    expect(await lastStep()).toBe(2);
    await next(1);
    await page.waitForSelector('[data-testid="phase-draw"][data-active="true"]', { timeout: 20_000 });
    expect(await focused()).toEqual(['edge-start:[*]->draw', 'phase-draw']);
    const outline = await page.getByTestId('phase-draw').evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe('solid');
    await shot('01-start');
  });

  it('steps through the narrated path on the real reducer (including a refused move)', async () => {
    await next(2);
    expect(await lastStep()).toBe(1);
    await expect.poll(() => page.getByTestId('token-1').getAttribute('data-slot')).toBe('draw/active');
    await next(3);
    expect(await lastStep()).toBe(2);
    await expect.poll(() => page.getByTestId('log-row-2').getAttribute('data-ok')).toBe('false');
    await next(4);
    expect(await page.getByTestId('lesson-exercise').getAttribute('data-solved')).toBe('false');
    expect(await page.getByTestId('lesson-next').textContent()).toBe('Skip');
  });

  it('a wrong try says what is not right and gives the hint naming the config key', async () => {
    await act('1', 'move-DrawCard');
    await page.getByRole('button', { name: 'Check my answer' }).click();
    await expect.poll(() => page.getByTestId('lesson-exercise').getAttribute('data-tries')).toBe('1');
    expect(await page.getByTestId('lesson-feedback').textContent()).toMatch(/Not yet\. phase should be "play", it is "draw"/);
    expect(await page.getByTestId('lesson-hint').textContent()).toMatch(/endIf: \(\{ G \}\) => G\.deck <= 0/);
    await shot('02-wrong-try-hint');
  });

  it('solving the exercise with the normal controls is recognised at once', async () => {
    for (const player of ['0', '1', '0', '1']) await act(player, 'move-DrawCard');
    await expect.poll(() => page.getByTestId('lesson-exercise').getAttribute('data-solved')).toBe('true');
    expect(await page.getByTestId('lesson-feedback').textContent()).toMatch(/^Right\./);
    await page.waitForSelector('[data-testid="phase-play"][data-active="true"]');
    await shot('03-solved');
  });

  it('continues to the end, solving the second exercise, and remembers the progress', async () => {
    for (const to of [5, 6, 7, 8]) await next(to);
    expect(await page.getByTestId('token-1').getAttribute('data-slot')).toBe('scoring/active');
    await act('1', 'event-endPhase');
    await expect.poll(() => page.getByTestId('lesson-exercise').getAttribute('data-solved')).toBe('true');
    await next(9);
    expect(await focused()).toEqual(['phase-__nophase__']);
    await shot('04-no-phase');
    await page.getByTestId('lesson-next').click();
    await expect.poll(() => page.getByTestId('lesson-panel').count()).toBe(0);
    await page.getByTestId('learn-button').click();
    const status = page.getByTestId('lesson-card-phases/phases').locator('.learn-lesson-status');
    await expect.poll(() => status.getAttribute('data-status')).toBe('done');
    expect(await status.textContent()).toMatch(/2\/2 exercises/);
    await shot('05-list-done');
  });
});
