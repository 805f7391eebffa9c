import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UiServer } from '../server/ui-server';
import { browserUnavailable } from '../testing/browser';
import { openGame, ROOT, shootAll, startUiSession, waitForStepDetail } from '../testing/ui-session';

const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);

const DRAFT = path.join(ROOT, 'app', 'ui-tests', 'games', 'draft-round', 'game.ts');

describe.skipIf(!!missing)("game code's mistakes, where the game's author looks for them", () => {
  let server: UiServer;
  let browser: Browser;
  let page: Page;
  const act = (action: unknown) => page.evaluate((a) => (window as any).flowscope.act(a), action);
  const waitForStep = (n: number) => waitForStepDetail(page, n);
  const diagnostics = () =>
    page.getByTestId('step-diagnostic').evaluateAll((els) => els.map((el) => [el.getAttribute('data-code'), el.textContent ?? '']));

  beforeAll(async () => {
    ({ server, browser } = await startUiSession({ watch: false }));
    page = await openGame(browser, server.url, DRAFT, 2, 'draft');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the last turn of a TurnOrder.ONCE phase ends twice: the step says turn.onEnd ran twice, and why', async () => {
    await act({ type: 'move', name: 'take', args: [], playerID: '0' });
    await waitForStep(1);
    expect((await diagnostics()).map(([code]) => code)).not.toContain('turn-ended-twice');
    await act({ type: 'move', name: 'take', args: [], playerID: '1' });
    await waitForStep(2);
    const twice = (await diagnostics()).filter(([code]) => code === 'turn-ended-twice');
    expect(twice).toHaveLength(1);
    expect(twice[0][1]).toMatch(/turn 2 ended twice in this step, so phases\.draft\.turn\.onEnd ran twice for it/);
    await shootAll(page, 'game-code-errors-01-turn-ended-twice');
  });

  it('a move that throws in a helper file: the trace names the helper file, line and column', async () => {
    await act({ type: 'event', name: 'endTurn', args: [], playerID: '0' });
    await waitForStep(3);
    await act({ type: 'move', name: 'score', args: [], playerID: '1' });
    await waitForStep(4);
    await expect
      .poll(() => page.locator('.trace-threw').first().textContent())
      .toBe('threw TypeError: hand is not iterable (at scoring.ts:4:22)');
    const threw = (await diagnostics()).filter(([code]) => code === 'threw');
    expect(threw.map(([, text]) => text)).toEqual([
      expect.stringContaining('moves.score threw TypeError: hand is not iterable (at scoring.ts:4:22)'),
    ]);
    await shootAll(page, 'game-code-errors-02-thrown-in-helper');
  });
});
