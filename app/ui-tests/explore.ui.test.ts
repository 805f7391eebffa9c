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

describe.skipIf(!!missing)('coverage, breakpoints, the log filter and findings in the UI', () => {
  let server: UiServer;
  let browser: Browser;
  let page: Page;
  const selected = async () => Number((await page.getByTestId('step-counter').textContent())!.match(/step (\d+)/)![1]);
  const lastStep = async () => Number((await page.getByTestId('step-counter').textContent())!.match(/\/ (\d+)/)![1]);
  const host = <T>(fn: string, ...args: unknown[]) =>
    page.evaluate(([f, a]) => (window as any).flowscope.host[f as string](...(a as unknown[])), [fn, args] as const) as Promise<T>;
  const shot = (name: string) => page.screenshot({ path: path.join(shots, `${name}.png`) });

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    server = await startUiServer({
      staticDir: path.join(root, 'renderer', 'dist'),
      fixturesDir: path.join(root, 'fixtures'),
      watch: false,
      attach: { port: 0 },
    });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(server.url);
    await page.waitForSelector('.workspace');
    await page.evaluate(() => (window as any).flowscope.open({ game: 'card-phases', numPlayers: 2, seed: 'ui-explore' }));
    await page.waitForSelector('[data-testid="phase-draw"][data-active="true"]', { timeout: 20_000 });
    await page.evaluate(() => (window as any).flowscope.random(40));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("paints the session's coverage on the chart, counts and never-reached marks", async () => {
    await page.getByRole('tab', { name: 'coverage' }).click();
    await page.getByRole('button', { name: /coverage of this session/ }).click();
    const draw = page.locator('.react-flow__node[data-id="phase:draw"]');
    await expect.poll(() => draw.getAttribute('data-coverage')).not.toBeNull();
    const coverage = await host<{ counts: Record<string, number>; neverReached: { id: string }[] }>('coverage');
    expect(Number(await draw.getAttribute('data-coverage'))).toBe(coverage.counts['phase:draw']);
    expect(coverage.counts['phase:draw']).toBeGreaterThan(0);
    const never = coverage.neverReached.filter((i) => i.id.startsWith('phase:'));
    for (const item of never)
      expect(await page.locator(`.react-flow__node[data-id="${item.id}"]`).getAttribute('data-never-reached')).toBe('true');
    expect(await page.locator('.never-reached li').count()).toBe(coverage.neverReached.length);
    await shot('explore-01-coverage');
    await page.getByRole('button', { name: 'hide' }).click();
    await expect.poll(() => draw.getAttribute('data-coverage')).toBeNull();
  });

  it('a breakpoint on entering a phase pauses playback there', async () => {
    await page.getByRole('tab', { name: 'breakpoints' }).click();
    // A condition that is not an expression is refused with the reason, and nothing is added.
    await page.getByLabel('breakpoint kind').selectOption('predicate');
    await page.getByLabel('condition').fill('G.deck ===');
    await page.getByRole('button', { name: 'add' }).click();
    await expect.poll(() => page.getByTestId('breakpoint-error').textContent()).toMatch(/"G\.deck ===" is not a JavaScript expression/);
    expect(await page.getByLabel('condition').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.breakpoint-list li').count()).toBe(0);
    await page.getByLabel('breakpoint kind').selectOption('phase');
    await page.getByLabel('which').selectOption('play');
    await page.getByRole('button', { name: 'add' }).click();
    await expect.poll(() => page.locator('.breakpoint-list li').count()).toBe(1);
    const hit = await host<{ step: number; reason: string }>('findBreak', 0, [{ kind: 'phase', phase: 'play' }]);
    expect(hit.step).toBeGreaterThan(1);
    await page.locator('.chart-panel').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Home');
    await expect.poll(selected).toBe(0);
    await page.keyboard.press(' ');
    await expect.poll(selected, { timeout: 20_000 }).toBe(hit.step);
    await expect.poll(() => page.locator('.notice').textContent()).toContain(`paused at step ${hit.step}: phase play entered`);
    // It stays paused.
    await new Promise((r) => setTimeout(r, 600));
    expect(await selected()).toBe(hit.step);
    await shot('explore-02-breakpoint');
    await page.getByRole('button', { name: /remove breakpoint/ }).click();
  });

  it('filters the log by outcome and player, and searches text in arguments', async () => {
    await page.getByLabel('outcome').selectOption('rejected');
    const expected = await host<{ total: number }>('searchSteps', { outcome: 'rejected' });
    await expect.poll(() => page.locator('.log-matches-count').textContent()).toContain(`${expected.total} matching step`);
    expect(await page.locator('.log-match:not(.rejected)').count()).toBe(0);
    await page.getByLabel('outcome').selectOption('accepted');
    await page.getByLabel('player', { exact: true }).selectOption('1');
    const accepted1 = await host<{ total: number; steps: { index: number }[] }>('searchSteps', { outcome: 'accepted', player: '1' });
    await expect.poll(() => page.locator('.log-match').count()).toBe(accepted1.steps.length);
    await page.locator('.log-match').first().click();
    await expect.poll(selected).toBe(accepted1.steps[0].index);
    await shot('explore-03-log-filter');
    await page.getByRole('button', { name: 'clear' }).click();
    await expect.poll(() => page.locator('.log-matches').count()).toBe(0);
    await page.getByLabel('text in arguments').fill('no such text anywhere');
    await expect.poll(() => page.locator('.log-matches-count').textContent()).toContain('0 matching steps');
    await page.getByRole('button', { name: 'clear' }).click();
  });

  it("explores the game and opens a finding's minimal replay", async () => {
    await page.evaluate(
      (file) => (window as any).flowscope.open({ game: file, numPlayers: 2, seed: 'ui' }),
      path.join(root, 'engine/explore/testing/rare-throw.ts'),
    );
    await expect.poll(lastStep).toBe(0);
    await page.getByRole('tab', { name: 'findings' }).click();
    await page.getByRole('button', { name: 'explore', exact: true }).click();
    const finding = page.locator('.finding.kind-threw');
    await expect.poll(() => finding.count(), { timeout: 30_000 }).toBe(1);
    expect(await finding.locator('.finding-location').textContent()).toBe('moves.pick');
    await shot('explore-04-findings');
    const open = finding.getByRole('button', { name: /open the minimal replay/ });
    const length = Number((await open.textContent())!.match(/\((\d+) action/)![1]);
    await open.click();
    // The replay ends with the throwing pick: a refused step.
    await expect.poll(lastStep).toBe(length);
    await expect.poll(selected).toBe(length);
    expect(await page.locator(`[data-testid="log-row-${length}"]`).getAttribute('class')).toMatch(/rejected/);

    // With a breakpoint, loading the replay pauses at its first hit instead of the last step.
    await page.getByRole('tab', { name: 'breakpoints' }).click();
    await page.getByLabel('breakpoint kind').selectOption('turn');
    await page.getByRole('button', { name: 'add' }).click();
    await page.getByRole('tab', { name: 'findings' }).click();
    // The session has steps now: opening a finding asks before replacing it.
    const openIt = page.locator('.finding.kind-threw').getByRole('button', { name: /open the minimal replay/ });
    await openIt.click();
    const confirm = page.getByTestId('finding-confirm');
    await expect.poll(() => confirm.textContent()).toContain(`replaces the current session and its ${length} steps`);
    await confirm.getByRole('button', { name: 'cancel' }).click();
    expect(await confirm.count()).toBe(0);
    expect(await lastStep()).toBe(length);
    await openIt.click();
    await confirm.getByRole('button', { name: 'replace the session' }).click();
    await expect.poll(() => page.locator('.notice').textContent()).toContain('paused at step 1: a turn begins');
    expect(await selected()).toBe(1);
    expect(await lastStep()).toBe(length);
  });

  it('shows where a finding’s arguments came from, and a dead end', async () => {
    const explore = async (game: string) => {
      await page.evaluate(
        (file) => (window as any).flowscope.open({ game: file, numPlayers: 2, seed: 'ui' }),
        path.join(root, `engine/explore/testing/${game}.ts`),
      );
      await expect.poll(lastStep).toBe(0);
      const button = page.getByRole('button', { name: 'explore', exact: true });
      if (!(await button.isVisible())) await page.getByRole('tab', { name: 'findings' }).click();
      await button.click();
    };
    await explore('card-bug');
    // The previous game's findings stay until this exploration ends.
    const threw = page.locator('.finding.kind-threw');
    await expect.poll(() => threw.locator('.finding-location').allTextContents(), { timeout: 30_000 }).toEqual(['moves.play']);
    expect(await threw.locator('.finding-args').textContent()).toBe('arguments from: inferred');
    await shot('explore-05-argument-source');
    await explore('dead-end-phase');
    const deadEnd = page.locator('.finding.kind-dead-end');
    await expect.poll(() => deadEnd.count(), { timeout: 30_000 }).toBe(1);
    expect(await deadEnd.locator('.finding-location').textContent()).toBe("phase bidding, the current player's turn");
    expect(await deadEnd.locator('.finding-message').textContent()).toContain('endPhase');
    await shot('explore-06-dead-end');
    // A throw that needs an earlier move called without its argument says so.
    await explore('stale-pick');
    const stale = page.locator('.finding.kind-threw');
    await expect.poll(() => stale.locator('.finding-location').allTextContents(), { timeout: 30_000 }).toEqual(['moves.play']);
    expect(await stale.locator('.finding-guessed').textContent()).toMatch(
      /^its replay plays 1 earlier action with arguments explore picked from the state or left out/,
    );
    await shot('explore-07-guessed-arguments');
  });
});
