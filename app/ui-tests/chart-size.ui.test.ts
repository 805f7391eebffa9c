/**
 * The chart of a real-sized game (four phases, six stages in the active one) at laptop sizes:
 * what must be readable on screen once the chart settles, the camera following the players, and
 * the players' moves drawn clear of the stages' text. Measured in Chromium.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UiServer } from '../server/ui-server';
import { browserUnavailable } from '../testing/browser';
import { openGame, ROOT, SHOTS, startUiSession, stepCounter } from '../testing/ui-session';

const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);

const EXPEDITION = path.join(ROOT, 'app', 'ui-tests', 'games', 'expedition.ts');
const READABLE_PX = 10.5;

interface Shown {
  text: string;
  /** Font size × the chart's zoom, in px. */
  px: number;
  /** Wholly inside the chart's pane. */
  onScreen: boolean;
}

/** The text of `selector` inside the chart, with its size on screen and whether the pane shows it whole. */
const shownText = (page: Page, selector: string) =>
  page.evaluate((sel): Shown[] => {
    const { a: zoom } = new DOMMatrix(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform);
    const pane = document.querySelector('.fs-chart .react-flow')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>(sel)].map((el) => {
      const r = el.getBoundingClientRect();
      return {
        text: el.textContent ?? '',
        px: parseFloat(getComputedStyle(el).fontSize) * zoom,
        onScreen:
          r.width > 0 &&
          r.left >= pane.left - 0.5 &&
          r.right <= pane.right + 0.5 &&
          r.top >= pane.top - 0.5 &&
          r.bottom <= pane.bottom + 0.5,
      };
    });
  }, selector);

/** Waits until the chart's camera stops moving (an eased move takes a few hundred ms). */
async function settled(page: Page): Promise<void> {
  const transform = () => page.evaluate(() => getComputedStyle(document.querySelector('.react-flow__viewport')!).transform);
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await transform();
        const still = now === last;
        last = now;
        return still;
      },
      { interval: 350, timeout: 8000 },
    )
    .toBe(true);
}

/** Plays a move as the current player. */
const act = async (page: Page, name: string, args: unknown[] = []) => {
  const before = (await stepCounter(page)).last;
  await page.evaluate(
    async ({ name, args }) => {
      const c = (window as any).flowscope;
      const view = await c.host.view();
      const { ctx } = await c.host.step(view.length - 1);
      await c.act({ type: 'move', name, args, playerID: ctx.currentPlayer });
    },
    { name, args },
  );
  await expect.poll(async () => (await stepCounter(page)).selected).toBe(before + 1);
  await expect.poll(() => page.locator('.fs-flow-root').getAttribute('data-step')).toBe(String(before + 1));
};

const titlesOf = (phaseKey: string) => `[data-testid="phase-${phaseKey}"] .fs-phase-header .fs-name`;
const PHASE_TITLES = '[data-testid^="phase-"]:not([data-testid="phase-gameover"]) .fs-phase-header .fs-name';
const stageTitles = (phaseKey: string) => `[data-testid^="stage-${phaseKey}-"] .fs-name`;

/**
 * Points along every drawn player move (its line and arrowhead) that fall on a title or move chip
 * of a stage, turn or phase, and edge labels that overlap one.
 */
const movesOverText = (page: Page) =>
  page.evaluate(() => {
    const boxes = [...document.querySelectorAll('.fs-stage .fs-item, .fs-turn .fs-item, .fs-phase .fs-item')].map((el) => ({
      text: el.textContent,
      r: el.getBoundingClientRect(),
    }));
    const hits: string[] = [];
    for (const path of document.querySelectorAll<SVGPathElement>('.fs-move-edge path')) {
      const m = path.getScreenCTM()!;
      const length = path.getTotalLength();
      for (let at = 0; at <= length; at += 2) {
        const p = new DOMPoint(path.getPointAtLength(at).x, path.getPointAtLength(at).y).matrixTransform(m);
        for (const b of boxes)
          if (p.x > b.r.left + 0.5 && p.x < b.r.right - 0.5 && p.y > b.r.top + 0.5 && p.y < b.r.bottom - 0.5)
            hits.push(`${path.closest('[data-testid]')?.getAttribute('data-testid')} over "${b.text}"`);
      }
    }
    for (const label of document.querySelectorAll('.fs-edge-label')) {
      const r = label.getBoundingClientRect();
      for (const b of boxes)
        if (r.left < b.r.right && b.r.left < r.right && r.top < b.r.bottom && b.r.top < r.bottom)
          hits.push(`label "${label.textContent}" over "${b.text}"`);
    }
    return [...new Set(hits)];
  });

describe.skipIf(!!missing)('a real-sized chart at laptop sizes', () => {
  let server: UiServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ server, browser } = await startUiSession({ watch: false }));
    page = await openGame(browser, server.url, EXPEDITION, 4, 'laptop');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('at 1280x720 shows every phase title and every stage of the active phase at 10.5 px or more', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await act(page, 'depart');
    await expect.poll(() => page.getByTestId('phase-expedition').getAttribute('data-active')).toBe('true');
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, 'chart-size-expedition-1280.png') });
    const phases = await shownText(page, PHASE_TITLES);
    expect(phases.map((t) => t.text).sort()).toEqual(['council', 'expedition', 'market', 'no phase', 'recruit']);
    const stages = await shownText(page, stageTitles('expedition'));
    expect(stages).toHaveLength(6);
    for (const t of [...phases, ...stages]) {
      expect(t.onScreen, `${t.text} on screen`).toBe(true);
      expect(t.px, `${t.text} size`).toBeGreaterThanOrEqual(READABLE_PX);
    }
  });

  it('at 1024x640 shows the active phase, its title and its six stages, at 10.5 px or more', async () => {
    await page.setViewportSize({ width: 1024, height: 640 });
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, 'chart-size-expedition-1024.png') });
    const shown = [...(await shownText(page, titlesOf('expedition'))), ...(await shownText(page, stageTitles('expedition')))];
    expect(shown).toHaveLength(7);
    for (const t of shown) {
      expect(t.onScreen, `${t.text} on screen`).toBe(true);
      expect(t.px, `${t.text} size`).toBeGreaterThanOrEqual(READABLE_PX);
    }
  });

  it('brings the stage the active players entered into view, and draws their moves clear of every title and move', async () => {
    await page.setViewportSize({ width: 1024, height: 640 });
    const current = (await page.locator('[data-testid^="token-"].current').getAttribute('data-testid'))!.slice('token-'.length);
    const others = ['0', '1', '2', '3'].filter((p) => p !== current);
    await act(page, 'springAmbush');
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, 'chart-size-expedition-ambush-1024.png') });
    const [ambush] = await shownText(page, `[data-testid="stage-expedition-ambush"] .fs-name`);
    expect(ambush.onScreen).toBe(true);
    for (const p of others) {
      expect(await page.getByTestId(`token-${p}`).getAttribute('data-slot')).toBe('expedition/stage:ambush');
      const [token] = await shownText(page, `[data-testid="token-${p}"]`);
      expect(token.onScreen, `token ${p} on screen`).toBe(true);
    }
    // Three players moved together from the waiting lane: one bundled route, a line per player.
    await expect.poll(() => page.locator('[data-testid^="token-move-"]').count()).toBe(4);
    expect(await movesOverText(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, 'chart-size-expedition-ambush-1280.png') });
    expect(await movesOverText(page)).toEqual([]);
  });

  it('opens a folded phase on a click and folds it again; the step’s phase stays open', async () => {
    const market = page.getByTestId('phase-market');
    expect(await market.getAttribute('data-collapsed')).toBe('true');
    expect(await page.getByTestId('turn-market').count()).toBe(0);
    await page.getByLabel('show phase market: its turn and stages').click();
    await expect.poll(() => market.getAttribute('data-collapsed')).toBe('false');
    expect(await page.getByTestId('turn-market').count()).toBe(1);
    expect(await page.getByTestId('phase-expedition').getAttribute('data-collapsed')).toBe('false');
    await page.getByLabel('fold phase market').click();
    await expect.poll(() => market.getAttribute('data-collapsed')).toBe('true');
  });

  it('moves nothing after the user zoomed by hand, until Zoom to Fit', async () => {
    await settled(page);
    const box = (await page.locator('.fs-chart').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -300);
    await settled(page);
    const zoomed = await page.evaluate(() => getComputedStyle(document.querySelector('.react-flow__viewport')!).transform);
    // Everyone back to the waiting lane but the player who sprang the ambush: the camera would follow.
    for (const p of ['0', '1', '2', '3']) {
      if ((await page.getByTestId(`token-${p}`).getAttribute('data-slot')) !== 'expedition/stage:ambush') continue;
      const before = (await stepCounter(page)).last;
      await page.evaluate((id) => (window as any).flowscope.act({ type: 'move', name: 'fight', args: [], playerID: id }), p);
      await expect.poll(async () => (await stepCounter(page)).selected).toBe(before + 1);
    }
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.react-flow__viewport')!).transform)).toBe(zoomed);
    await page.locator('.react-flow__controls-fitview').click();
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.querySelector('.react-flow__viewport')!).transform))
      .not.toBe(zoomed);
  });
});

describe.skipIf(!!missing)('a game ended from inside a stage', () => {
  let server: UiServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await startUiSession({ watch: false }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows everyone in game over, in no stage, along the endGame edge, and invents no stage under no phase', async () => {
    const page = await openGame(browser, server.url, EXPEDITION, 3, 'duel');
    await act(page, 'depart');
    const rival = (await page.locator('[data-testid^="token-"]:not(.current)').first().getAttribute('data-testid'))!.slice('token-'.length);
    await act(page, 'challenge', [rival]);
    expect(await page.getByTestId(`token-${rival}`).getAttribute('data-slot')).toBe('expedition/stage:duel');
    const before = (await stepCounter(page)).last;
    await page.evaluate((id) => (window as any).flowscope.act({ type: 'move', name: 'surrender', args: [], playerID: id }), rival);
    await expect.poll(async () => (await stepCounter(page)).selected).toBe(before + 1);
    await expect.poll(() => page.getByTestId('phase-gameover').getAttribute('data-active')).toBe('true');
    for (const p of ['0', '1', '2']) expect(await page.getByTestId(`token-${p}`).getAttribute('data-slot')).toBe('gameover/none');
    expect(await page.getByTestId('edge-gameover:expedition->gameover').getAttribute('data-taken')).toBe('true');
    expect(await page.locator('[data-testid^="stage-__nophase__-"]').count()).toBe(0);
    expect(await page.locator('.ctl-chip .ctl-stage').count()).toBe(0);
    expect(await page.locator('.ctl-chip[data-active]').count()).toBe(0);
    await page.close();
  });
});

describe.skipIf(!!missing)('a reactive bang step at laptop sizes', () => {
  let server: UiServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await startUiSession({ watch: false }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('draws the BANG! target’s move into its stage clear of every title and move chip', async () => {
    // Seed ui-16 with 4 players: after drawing, player 0 holds a BANG! (as in bang.ui.test.ts).
    const page = await openGame(browser, server.url, 'bang', 4, 'ui-16');
    await act(page, 'drawCards');
    const bang = await page.evaluate(async () => {
      const c = (window as any).flowscope;
      const view = await c.host.view();
      const { G } = await c.host.step(view.length - 1);
      return G.players['0'].hand.find((id: string) => G.cardMap[id].type === 'BANG');
    });
    await act(page, 'playBang', [bang, '1']);
    await expect.poll(() => page.getByTestId('token-1').getAttribute('data-slot')).toBe('play/stage:respondToBang');
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 1024, height: 640 },
    ]) {
      await page.setViewportSize(viewport);
      await settled(page);
      await page.screenshot({ path: path.join(SHOTS, `chart-size-bang-respond-${viewport.width}.png`) });
      await expect.poll(() => page.locator('[data-testid^="token-move-"]').count()).toBe(2);
      expect(await movesOverText(page), `at ${viewport.width}`).toEqual([]);
      const [stage] = await shownText(page, '[data-testid="stage-play-respondToBang"] .fs-name');
      expect(stage.onScreen).toBe(true);
      expect(stage.px).toBeGreaterThanOrEqual(READABLE_PX);
    }
    await page.close();
  });
});
