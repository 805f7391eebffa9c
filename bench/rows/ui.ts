/**
 * The UI rows, in one run of headless Chromium (software rendering, 1600×1000) against the
 * browser-mode server, timed by the page itself: "painted" is the next paint after the change
 * (a task queued from requestAnimationFrame runs once that frame is on screen). The step rows are
 * ratios to an anchor measured in the same run (bench/rows/ui-anchor.ts: the same chart in a bare
 * React Flow page); the log and playback rows to one 60 Hz frame. An idle frame (the same wait with
 * nothing changed) is measured alongside to show how fast frames come on the machine at the time.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startUiServer } from '../../app/server/ui-server';
import { launchChromium } from '../../app/testing/browser';
import { longTicTacToeReplay } from '../../app/testing/long-replay';
import { ROOT } from '../../app/testing/ui-session';
import { median, type Row } from '../measure';
import { anchorSteps, captureChart } from './ui-anchor';

const FRAME = 1000 / 60;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** One step's timings: to the painted chart and to the painted step detail and inspector. */
interface StepTiming {
  /** The command came just after a frame (the longest wait for the next one) or at a random moment in the frame. */
  phase: 'after-frame' | 'random';
  chart: number;
  full: number;
  /** The first frame that began after the command already showed the step on the chart. */
  firstFrame: boolean;
  idle: number;
}

/**
 * `count` consecutive steps from `from`, alternating the moment of the command: just after a frame
 * (what a script stepping on each frame does) and at a random moment within the frame (what a key
 * press does); plus idle frames.
 */
async function stepTimes(page: Page, from: number, count: number): Promise<StepTiming[]> {
  return page.evaluate(
    async ({ from, count }) => {
      const c = (window as any).flowscope;
      const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const chartShows = (i: number) => document.querySelector('.fs-flow-root')?.getAttribute('data-step') === String(i);
      const detailShows = (i: number) => {
        const pane = document.querySelector('[data-testid="step-detail"]');
        const inspector = document.querySelector('.inspector-panel');
        return (
          pane?.getAttribute('data-index') === String(i) &&
          pane.getAttribute('aria-busy') === 'false' &&
          inspector?.getAttribute('aria-busy') === 'false'
        );
      };
      await c.select(from);
      await new Promise((r) => setTimeout(r, 300));
      const out: StepTiming[] = [];
      for (let i = from + 1; i <= from + count; i++) {
        const phase = i % 2 === 0 ? 'after-frame' : 'random';
        // An idle frame: from just after a frame with nothing new (so not the step's own) to the next.
        await painted();
        let t0 = performance.now();
        await painted();
        const idle = performance.now() - t0;
        if (phase === 'random') await new Promise((r) => setTimeout(r, Math.random() * 16));
        // Watched from before the command: a frame's requestAnimationFrame callback sees what that
        // frame shows, and the task it queues runs once the frame is painted, before any task the
        // page asks for after the command.
        const paintedWhen = (shows: () => boolean) =>
          new Promise<{ at: number; frames: number }>((resolve) => {
            let frames = 0;
            const check = () => {
              frames++;
              if (shows() || frames > 100) setTimeout(() => resolve({ at: performance.now(), frames }), 0);
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          });
        const chartPainted = paintedWhen(() => chartShows(i));
        const detailPainted = paintedWhen(() => detailShows(i));
        t0 = performance.now();
        const done = c.select(i);
        const chart = await chartPainted;
        const full = await detailPainted;
        await done;
        out.push({ phase, chart: chart.at - t0, full: full.at - t0, firstFrame: chart.frames === 1, idle });
      }
      return out;
    },
    { from, count },
  );
}

/** Frame times while the log scrolls (`frames` frames: half at 900 px, half at 40,000 px per frame). */
async function scrollFrames(page: Page, frames: number): Promise<number[]> {
  await page.evaluate(() => (window as any).flowscope.select(0));
  await page.waitForTimeout(500);
  return page.evaluate(async (n) => {
    const scroller = document.querySelector('[data-testid="log-scroll"]') as HTMLElement;
    const deltas: number[] = [];
    let last = performance.now();
    for (let i = 0; i < n; i++) {
      scroller.scrollTop += i < n / 2 ? 900 : 40_000;
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      deltas.push(now - last);
      last = now;
    }
    return deltas;
  }, frames);
}

async function openLongSession(page: Page, steps: number): Promise<void> {
  const text = await longTicTacToeReplay(steps);
  await page.evaluate((t) => (window as any).flowscope.openReplay(t, 'long.replay.json'), text);
  await page.waitForFunction((n) => document.querySelector('[data-testid="step-counter"]')?.textContent?.includes(`/ ${n}`), steps, {
    timeout: 900_000,
  });
}

/** Playback at 60/s for `seconds`: the steps advanced and the frames drawn per second, as the page measures them. */
async function playback(page: Page, seconds: number): Promise<{ steps: number; shown: string | null }> {
  await page.evaluate(() => (window as any).flowscope.select(0));
  await page.getByLabel('playback speed').selectOption('60');
  // The step counter, as the user sees it (works on older builds too).
  const sample = () =>
    page.evaluate(() => ({
      at: performance.now(),
      step: Number(document.querySelector('[data-testid="step-counter"]')!.textContent!.match(/step (\d+)/)![1]),
    }));
  await page.getByRole('button', { name: 'play', exact: true }).click();
  await page.waitForTimeout(300);
  const start = await sample();
  await page.waitForTimeout(seconds * 1000);
  const end = await sample();
  const shown = await page
    .getByTestId('play-rate')
    .textContent({ timeout: 2000 })
    .catch(() => null);
  mkdirSync(path.join(ROOT, 'test-output'), { recursive: true });
  await page.screenshot({ path: path.join(ROOT, 'test-output', 'bench-playback.png') });
  const pause = page.getByRole('button', { name: 'pause', exact: true });
  if (await pause.count()) await pause.click();
  return { steps: ((end.step - start.step) / (end.at - start.at)) * 1000, shown };
}

export async function uiRows(options: { rounds: number; logSteps: number }): Promise<Row[]> {
  // BENCH_UI_DIST: another build of the UI to measure (an older one, to compare).
  const server = await startUiServer({
    staticDir: process.env.BENCH_UI_DIST ?? path.join(ROOT, 'renderer', 'dist'),
    fixturesDir: path.join(ROOT, 'fixtures'),
    timeoutMs: 900_000,
    watch: false,
    attach: false,
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    // tsx names the functions it compiles with a helper the page does not have.
    await page.addInitScript({ content: 'window.__name = (f) => f;' });
    await page.goto(server.url);
    await page.waitForSelector('.workspace');
    await page.evaluate(() => (window as any).flowscope.open({ game: 'bang', numPlayers: 7, seed: 'bench' }));
    await page.waitForSelector('[data-testid="phase-play"]');
    await page.evaluate(() => (window as any).flowscope.random(120));
    const steps: StepTiming[] = [];
    // A warm-up round, then `rounds` rounds of 20 consecutive steps.
    for (let round = 0; round <= options.rounds; round++) {
      const r = await stepTimes(page, (round * 20) % 90, 20);
      if (round > 0) steps.push(...r);
    }
    const idleFrame = median(steps.map((s) => s.idle));
    // The anchor: the chart Flowscope shows now, in a bare React Flow page, in the same browser.
    const anchor = await anchorSteps(browser, await captureChart(page), steps.length);
    const anchorStep = median(anchor.random);
    const rows: Row[] = [];
    const describe = (xs: number[]) => `median ${ms(median(xs))}, p90 ${ms(quantile(xs, 0.9))}, ${xs.length} steps`;
    const stepRow = (measure: string, pick: (s: StepTiming) => number, limit: number, extra = ''): Row => {
      const random = steps.filter((s) => s.phase === 'random').map(pick);
      const afterFrame = steps.filter((s) => s.phase === 'after-frame').map(pick);
      const ratio = median(random) / anchorStep;
      return {
        measure,
        ratio,
        goal: `<= ${limit}x the anchor's step`,
        met: ratio <= limit,
        detail:
          `command at a random moment in the frame: ${describe(random)}; just after a frame: ${describe(afterFrame)}${extra}; ` +
          `anchor (bare React Flow, same nodes and edges, class moved): ${describe(anchor.random)} at a random moment, ` +
          `${describe(anchor.afterFrame)} just after a frame; an idle frame took ${ms(idleFrame)}`,
      };
    };
    const inFirst = steps.filter((s) => s.firstFrame).length;
    rows.push(
      stepRow(
        "step command to painted chart (bang, 7 players, Chromium) vs the anchor page's step",
        (s) => s.chart,
        1.5,
        `; in the first frame after the command: ${inFirst} of ${steps.length} steps`,
      ),
    );
    rows.push(stepRow("step command to step detail and inspector painted vs the anchor page's step", (s) => s.full, 3));

    // The log: frame times while scrolling a short and a long session, so the ratio shows whether length costs.
    const short = Math.max(1000, Math.round(options.logSteps / 10));
    await openLongSession(page, short);
    const shortFrames = await scrollFrames(page, 120);
    const play = await playback(page, 3);
    rows.push({
      measure: 'playback at "60/s": steps advanced per second vs 60',
      ratio: play.steps / 60,
      goal: '>= 0.9x, or the UI says the real rate',
      met: play.steps >= 54 || !!play.shown?.match(/running at/),
      detail: `${play.steps.toFixed(1)} steps/s on the long session below; the toolbar said "${play.shown ?? '(nothing)'}"`,
    });

    await openLongSession(page, options.logSteps);
    const longFrames = await scrollFrames(page, 240);
    rows.push({
      measure: `log scroll at ${options.logSteps.toLocaleString('en')} loaded steps: frame time vs one 60 Hz frame`,
      ratio: median(longFrames) / FRAME,
      goal: '<= 1x (60 fps)',
      met: median(longFrames) <= FRAME * 1.05,
      detail: `median ${ms(median(longFrames))}, p90 ${ms(quantile(longFrames, 0.9))}; at ${short.toLocaleString('en')} steps median ${ms(median(shortFrames))} (long/short ${(median(longFrames) / median(shortFrames)).toFixed(2)}x: linear when about 1)`,
    });
    return rows;
  } finally {
    await browser.close();
    await server.close();
  }
}
