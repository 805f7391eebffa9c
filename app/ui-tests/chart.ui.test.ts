import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UiServer } from '../server/ui-server';
import { edgeCrossings } from '../../renderer/src/chart/crossings';
import { browserUnavailable } from '../testing/browser';
import { openGame, shootAll, startUiSession, stepCounter, VIEWPORTS } from '../testing/ui-session';

const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);

/** The chart's zoom, and the smallest text on screen in the chart (font size × zoom), in px. */
async function chartText(page: Page): Promise<{ zoom: number; smallest: number }> {
  return page.evaluate(() => {
    const m = getComputedStyle(document.querySelector('.react-flow__viewport')!).transform.match(/matrix\(([^,]+)/);
    const zoom = m ? Number(m[1]) : 1;
    let smallest = Infinity;
    const root = document.querySelector('.fs-chart')!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement!;
      if (!n.textContent!.trim() || el.closest('.react-flow__controls, .react-flow__attribution, .react-flow__minimap')) continue;
      smallest = Math.min(smallest, parseFloat(getComputedStyle(el).fontSize) * zoom);
    }
    return { zoom, smallest };
  });
}

/**
 * The drawn edges' routes, read back from their SVG paths: `roundedPath` writes the polyline's
 * first point (M), each corner as a quadratic's control point (Q) and the last point (L). Hidden
 * edges (the game's endIf from every phase, drawn only once taken) are left out.
 */
const drawnRoutes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.fs-edge-path')]
      .filter((el) => getComputedStyle(el).visibility === 'visible')
      .map((el) => {
        const d = el.getAttribute('d') ?? '';
        const cmds = [...d.matchAll(/([MLQ])([^MLQ]*)/g)].map(([, c, args]) => ({
          c,
          n: args
            .trim()
            .split(/[\s,]+/)
            .map(Number),
        }));
        const pts = cmds.flatMap(({ c, n }, i) =>
          c === 'M' || c === 'Q' || (c === 'L' && i === cmds.length - 1) ? [{ x: n[0], y: n[1] }] : [],
        );
        return {
          id:
            el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.closest('.react-flow__edge')?.getAttribute('data-testid') ?? '?',
          points: pts,
        };
      }),
  );

const viewportTransform = (page: Page) => page.evaluate(() => getComputedStyle(document.querySelector('.react-flow__viewport')!).transform);

/**
 * The flow origin's dot, as the page draws it: the viewport's transform (React Flow's pan and zoom)
 * and how far the nearest dot of the backdrop lies from where the flow's origin is on screen.
 */
const dotGridAlignment = (page: Page) =>
  page.evaluate(() => {
    const { a: zoom, e: x, f: y } = new DOMMatrix(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform);
    const grid = getComputedStyle(document.querySelector('.fs-dot-grid')!);
    const [gap] = grid.backgroundSize.split(' ').map(parseFloat);
    const [px, py] = grid.backgroundPosition.split(' ').map(parseFloat);
    const off = (a: number) => Math.min(((a % gap) + gap) % gap, gap - (((a % gap) + gap) % gap));
    return { zoom, gap, drawn: grid.backgroundImage !== 'none', dx: off(px + gap / 2 - x), dy: off(py + gap / 2 - y) };
  });

/** Share of the active phase's area that is inside the chart panel. */
const activeInView = (page: Page) =>
  page.evaluate(() => {
    const panel = document.querySelector('.chart-panel')!.getBoundingClientRect();
    const active = document.querySelector('[data-testid^="phase-"][data-active="true"]')!.getBoundingClientRect();
    const w = Math.max(0, Math.min(active.right, panel.right) - Math.max(active.left, panel.left));
    const h = Math.max(0, Math.min(active.bottom, panel.bottom) - Math.max(active.top, panel.top));
    return (w * h) / (active.width * active.height);
  });

describe.skipIf(!!missing)('the chart stays readable and still', () => {
  let server: UiServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await startUiSession({ watch: false }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [game, players] of [
    ['bang', 4],
    ['stages-discard', 3],
    ['card-phases', 2],
  ] as const) {
    it(`${game}: chart text is at least 11 px at 1280x720 and 1600x1000, with the active phase in view and no edges crossing`, async () => {
      const page = await openGame(browser, server.url, game, players, 'readable');
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await expect.poll(async () => (await chartText(page)).smallest, { timeout: 5000 }).toBeGreaterThanOrEqual(11);
        expect(await activeInView(page)).toBeGreaterThan(0.5);
        // No two drawn edges cross (the rows, and so the routes, follow the panel's shape).
        const routes = await drawnRoutes(page);
        expect(routes.length).toBeGreaterThan(2);
        expect(
          edgeCrossings({ edges: routes.map((r, i) => ({ id: `${i}:${r.id}`, latent: false, points: r.points })) as never }),
          `${game} at ${viewport.width}`,
        ).toEqual([]);
      }
      // The chart keeps most of the window: the side panels and the controls shrink first.
      await page.setViewportSize(VIEWPORTS[0]);
      const share = await page.evaluate(() => {
        const r = document.querySelector('.chart-panel')!.getBoundingClientRect();
        return (r.width * r.height) / (innerWidth * innerHeight);
      });
      expect(share).toBeGreaterThan(0.3);
      await shootAll(page, `chart-${game}`);
      await page.close();
    });
  }

  it('does not move or re-zoom while stepping or when a banner appears; Zoom to Fit does', async () => {
    const page = await openGame(browser, server.url, 'bang', 4, 'still');
    await page.evaluate(() => (window as any).flowscope.random(12));
    await expect.poll(async () => (await stepCounter(page)).last).toBeGreaterThan(5);
    await page.waitForTimeout(400);
    const before = await viewportTransform(page);
    await page.keyboard.press('Home');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await stepCounter(page)).selected).toBe(4);
    expect(await viewportTransform(page)).toBe(before);
    await page.keyboard.press('End');
    await expect.poll(async () => (await stepCounter(page)).selected).toBeGreaterThan(5);
    expect(await viewportTransform(page)).toBe(before);
    // A refused action raises a notice banner above the workspace: the chart panel gets shorter, the chart stays.
    await page.evaluate(() => (window as any).flowscope.act({ type: 'move', name: 'nosuchmove', args: [], playerID: '3' }));
    await expect.poll(() => page.locator('.notice').count()).toBeGreaterThan(0);
    await page.waitForTimeout(400);
    expect(await viewportTransform(page)).toBe(before);
    await page.mouse.move(700, 400);
    await page.mouse.wheel(0, -400);
    await expect.poll(() => viewportTransform(page)).not.toBe(before);
    const zoomed = await viewportTransform(page);
    expect((await chartText(page)).zoom).toBeGreaterThan(1.3);
    // Zoom to Fit fits the (now shorter) panel again, never below the readable zoom.
    await page.locator('.react-flow__controls-fitview').click();
    await expect.poll(() => viewportTransform(page)).not.toBe(zoomed);
    // The fit may still be settling when the transform first changes: wait for where it lands.
    await expect.poll(async () => (await chartText(page)).zoom).toBeGreaterThanOrEqual(1.1);
    expect((await chartText(page)).zoom).toBeLessThan(1.3);
    await page.close();
  });

  it('draws the dotted backdrop aligned with the flow through pans and zooms', async () => {
    const page = await openGame(browser, server.url, 'bang', 4, 'dots');
    const check = async () => {
      const a = await dotGridAlignment(page);
      expect(a.drawn).toBe(true);
      expect(a.gap).toBeCloseTo(18 * a.zoom, 3);
      expect(a.dx).toBeLessThan(0.01);
      expect(a.dy).toBeLessThan(0.01);
      return a;
    };
    const start = await check();
    await page.mouse.move(700, 400);
    await page.mouse.wheel(0, 300);
    await expect.poll(async () => (await dotGridAlignment(page)).zoom).not.toBeCloseTo(start.zoom, 3);
    await page.mouse.down();
    await page.mouse.move(640, 353, { steps: 4 });
    await page.mouse.up();
    await page.waitForTimeout(200);
    const moved = await check();
    expect(moved.zoom).toBeLessThan(start.zoom);
    // Zooming out stops where the whole chart shows (here at 0.7): the text never shrinks to specks
    // (below 7 px), and the dots stay aligned (dot-grid.test.ts covers the far-out zooms without dots).
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 600);
    await expect.poll(async () => (await dotGridAlignment(page)).zoom).toBeCloseTo(0.7, 2);
    await check();
    expect((await chartText(page)).smallest).toBeGreaterThanOrEqual(6.9);
    await page.close();
  });
});
