import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UiServer } from '../server/ui-server';
import { browserUnavailable } from '../testing/browser';
import { ROOT, shootAll, startUiSession, stepCounter, waitForStepDetail } from '../testing/ui-session';

const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);

const ENDLESS = path.join(ROOT, 'app', 'ui-tests', 'games', 'endless-turns.ts');

describe.skipIf(!!missing)('explanations, notices and diagnostics', () => {
  let server: UiServer;
  let browser: Browser;
  let page: Page;
  const explanation = () => page.getByTestId('explanation').textContent();
  const act = (action: unknown) => page.evaluate((a) => (window as any).flowscope.act(a), action);
  const waitForStep = (n: number) => waitForStepDetail(page, n);

  beforeAll(async () => {
    ({ server, browser } = await startUiSession({ watch: false }));
    page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(server.url);
    await page.waitForSelector('.workspace');
    await page.evaluate((game) => (window as any).flowscope.open({ game, numPlayers: 2, seed: 'notices' }), ENDLESS);
    await page.waitForSelector('[data-testid="phase-calm"][data-active="true"]');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('an aborted endless endTurn chain: the error keeps its lines, identical warnings are grouped with a count', async () => {
    await act({ type: 'move', name: 'enterLoop', args: [], playerID: '0' });
    await waitForStep(1);
    expect(await explanation()).toMatch(/^boardgame.io refused it: .*Maximum number of turn endings exceeded/);
    expect(await explanation()).not.toMatch(/phase loop began/);
    const notice = page.getByTestId('notice-text');
    expect(await notice.textContent()).toMatch(
      /Maximum number of turn endings exceeded for this update\.\nThis likely means game code is triggering an infinite loop/,
    );
    expect(await notice.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
    const diagnostics = page.getByTestId('step-diagnostic');
    const counts = await diagnostics.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-count'))));
    expect(Math.max(...counts)).toBeGreaterThan(50);
    expect(counts.length).toBeLessThan(5);
    expect(await page.locator('.diag-count').first().textContent()).toMatch(/^×\d+$/);
    await shootAll(page, 'inspector-01-endless-chain');
  });

  it('a notice about a step goes away when another step is selected, and with a new session', async () => {
    await page.getByTestId('log-row-0').click();
    await waitForStep(0);
    expect(await page.getByTestId('notice').count()).toBe(0);
    await page.keyboard.press('End');
    await act({ type: 'move', name: 'nosuch', args: [], playerID: '0' });
    await expect.poll(() => page.getByTestId('notice').count()).toBe(1);
    await page.evaluate((game) => (window as any).flowscope.open({ game, numPlayers: 2, seed: 'notices-2' }), ENDLESS);
    await waitForStep(0);
    expect(await page.getByTestId('notice').count()).toBe(0);
  });

  it('a reset after game over says the game went back to its start', async () => {
    await act({ type: 'move', name: 'pass', args: [], playerID: '0' });
    await act({ type: 'event', name: 'endTurn', args: [], playerID: '0' });
    await act({ type: 'move', name: 'win', args: [], playerID: '1' });
    await waitForStep(3);
    expect(await explanation()).toMatch(/^the game ended because/);
    await page.getByTestId('reset').click();
    await waitForStep(4);
    expect(await explanation()).toBe(
      'the game was reset to its start: the game is no longer over, phase (none) → calm, turn 2 → 1, current player 1 → 0',
    );
  });

  it('lint messages show `backticked` names as code', async () => {
    await page.evaluate(() => (window as any).flowscope.open({ game: 'legacy-card-phases' }));
    const finding = page.locator('[data-testid="lint-finding"][data-code="flow-api"] .diag-message');
    await expect.poll(() => finding.count()).toBe(1);
    expect(await finding.locator('code').allTextContents()).toEqual(['flowscope migrate', 'flowscope compare']);
    expect(await finding.textContent()).not.toContain('`');
  });

  it('the timeline marks turns, phase changes, refusals and diagnostics, and scrubs through the steps', async () => {
    await page.evaluate(() => (window as any).flowscope.open({ game: 'card-phases', numPlayers: 2, seed: 'timeline' }));
    await page.evaluate(() => (window as any).flowscope.random(80));
    await expect.poll(async () => (await stepCounter(page)).last).toBeGreaterThan(20);
    await act({ type: 'move', name: 'nosuch', args: [], playerID: '1' });
    const last = (await stepCounter(page)).last;
    // What the marks must say, from the step summaries themselves.
    const expected = await page.evaluate(async (n) => {
      const steps = await (window as any).flowscope.host.steps(0, n);
      const at = (test: (s: any, p: any) => boolean) => steps.filter((s: any, i: number) => i > 0 && test(s, steps[i - 1])).length;
      return {
        turns: at((s, p) => s.ctx.turn !== p.ctx.turn),
        phases: at((s, p) => s.ctx.phase !== p.ctx.phase || (s.ctx.gameover === undefined) !== (p.ctx.gameover === undefined)),
        rejected: at((s) => !s.ok),
      };
    }, last);
    expect(expected.turns).toBeGreaterThan(3);
    expect(expected.phases).toBeGreaterThan(1);
    expect(expected.rejected).toBe(1);
    for (const kind of ['turns', 'phases', 'rejected'] as const) {
      await expect.poll(() => page.getByTestId(`timeline-${kind}`).getAttribute('data-count')).toBe(String(expected[kind]));
    }
    const slider = page.getByLabel('timeline: drag to travel through the steps');
    expect(await slider.getAttribute('max')).toBe(String(last));
    await slider.focus();
    await page.keyboard.press('Home');
    await waitForStep(0);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await waitForStep(2);
    // A click in the middle of the track jumps to about the middle step.
    const box = (await slider.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(async () => Math.abs((await stepCounter(page)).selected - last / 2)).toBeLessThan(last / 10);
    await shootAll(page, 'inspector-02-timeline');
  });

  it('a slow move shows "game code is running… (N s)" until it returns', async () => {
    await page.evaluate((game) => (window as any).flowscope.open({ game, numPlayers: 2, seed: 'slow', gameRandomness: 'real' }), ENDLESS);
    await waitForStep(0);
    const done = page.evaluate(() => (window as any).flowscope.act({ type: 'move', name: 'dawdle', args: [2600], playerID: '0' }));
    await expect.poll(() => page.getByTestId('busy').textContent(), { timeout: 2500 }).toMatch(/^game code is running… \([12] s\)$/);
    await shootAll(page, 'inspector-03-busy');
    await done;
    await waitForStep(1);
    expect(await page.getByTestId('busy').count()).toBe(0);
  });

  it('opening a long replay reports progress as it loads', async () => {
    await page.evaluate(() => (window as any).flowscope.open({ game: 'militia', numPlayers: 3, seed: 'long' }));
    await page.evaluate(() => (window as any).flowscope.random(600));
    await expect.poll(async () => (await stepCounter(page)).last).toBeGreaterThan(100);
    const total = (await stepCounter(page)).last;
    const seen = await page.evaluate(async () => {
      const c = (window as any).flowscope;
      const replay = await c.host.exportReplay();
      const events: any[] = [];
      const stop = c.host.onEvent((e: any) => e.type === 'progress' && events.push(e));
      await c.openReplay(replay, 'long.replay.json');
      stop();
      return events;
    });
    const partial = seen.filter((e) => e.done < e.total);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial[0]).toMatchObject({ total, what: 'opening replay long.replay.json' });
    expect(seen[seen.length - 1]).toMatchObject({ done: total, total });
  });

  it('offers the valid moves with their arguments from ai.enumerate, and keeps typed arguments per player', async () => {
    await page.evaluate(() => (window as any).flowscope.open({ game: 'bang', numPlayers: 4, seed: 'ui-16' }));
    await waitForStep(0);
    await page.getByLabel('acting player').selectOption('0');
    await page.locator('[data-testid="suggested-move"][data-move="drawCards"]').click();
    await waitForStep(1);
    const bang = page.locator('[data-testid="suggested-move"][data-move="playBang"]');
    await expect.poll(() => bang.count()).toBeGreaterThan(0);
    const args = JSON.parse((await bang.first().getAttribute('data-args'))!);
    expect(args).toHaveLength(2);
    await shootAll(page, 'inspector-04-suggested');
    await bang.first().click();
    await waitForStep(2);
    expect(await explanation()).toMatch(new RegExp(`^player ${args[1]} entered stage respondToBang`));

    await page.evaluate(() => (window as any).flowscope.open({ game: 'stages-discard', numPlayers: 3, seed: 'typed' }));
    await waitForStep(0);
    const field = page.getByLabel('arguments for Gather');
    await page.getByLabel('acting player').selectOption('0');
    await field.fill('[7]');
    await page.getByLabel('acting player').selectOption('1');
    expect(await field.inputValue()).toBe('');
    await field.fill('[1]');
    await page.getByLabel('acting player').selectOption('0');
    expect(await field.inputValue()).toBe('[7]');
  });
});
