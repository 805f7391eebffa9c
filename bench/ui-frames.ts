/**
 * Browser measurements, in one run of headless Chromium (software rendering):
 *  1. the time from a step command (select the next step) to the painted frame, for the `bang`
 *     fixture with 7 players: the host round trip for the step's detail, React's update of the
 *     chart, log, inspector and controls, and the paint (two animation frames later);
 *  2. scrolling the log of a 100,000-step session: frame times while the log scrolls.
 * Reported against the 16.7 ms budget of one 60 Hz frame.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bgio050, findGames, formatReplay, RandomPlayer, REPLAY_FORMAT, REPLAY_VERSION, selectGame, Session } from '../engine';
import { loadGameModule } from '../app/load/load-game-file';
import { startUiServer } from '../app/server/ui-server';
import { launchChromium } from '../app/testing/browser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FRAME = 1000 / 60;
const LOG_STEPS = Number(process.env.BENCH_LOG_STEPS ?? 100_000);

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const report = (name: string, xs: number[]) =>
  console.log(
    `${name}: median ${quantile(xs, 0.5).toFixed(1)} ms (${(quantile(xs, 0.5) / FRAME).toFixed(2)} frames), p95 ${quantile(xs, 0.95).toFixed(1)} ms (${(quantile(xs, 0.95) / FRAME).toFixed(2)} frames), ` +
      `${xs.filter((x) => x > FRAME * 1.5).length}/${xs.length} over one frame`,
  );

/** A long tic-tac-toe session (reset at each game over) as replay text, built with the engine. */
async function longReplay(steps: number): Promise<string> {
  const file = path.join(root, 'fixtures', 'tic-tac-toe', 'game.ts');
  const config = selectGame(findGames((await loadGameModule(file, bgio050)).exports)).config;
  const session = new Session({ runtime: bgio050, config, numPlayers: 2, seed: 'long' });
  const bot = new RandomPlayer({ seed: 'long', restartOnGameOver: true });
  while (session.lastIndex < steps) session.dispatch(bot.choose(session)!);
  return formatReplay({ format: REPLAY_FORMAT, version: REPLAY_VERSION, game: { name: 'tic-tac-toe', file, export: 'default' }, numPlayers: 2, seed: 'long', setupData: null, actions: session.actions() });
}

const server = await startUiServer({ staticDir: path.join(root, 'renderer', 'dist'), fixturesDir: path.join(root, 'fixtures'), timeoutMs: 600_000 });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.goto(server.url);
  await page.waitForSelector('.workspace');

  // 1. Step command → painted frame, bang with 7 players.
  await page.evaluate(() => (window as any).flowscope.open({ game: 'bang', numPlayers: 7, seed: 'bench' }));
  await page.waitForSelector('[data-testid="phase-play"]');
  await page.evaluate(() => (window as any).flowscope.random(120));
  await page.evaluate(() => (window as any).flowscope.select(0));
  await page.waitForTimeout(500);
  // "Painted" = the next paint after the update: a task queued from requestAnimationFrame runs
  // once that frame has been painted.
  const steps: { chart: number[]; full: number[] } = await page.evaluate(async () => {
    const c = (window as any).flowscope;
    const chart: number[] = [];
    const full: number[] = [];
    for (let i = 1; i <= 100; i++) {
      const t0 = performance.now();
      const done = c.select(i);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      chart.push(performance.now() - t0);
      await done;
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      full.push(performance.now() - t0);
    }
    return { chart, full };
  });
  console.log('bang, 7 players, 100 consecutive steps:');
  report('  step to the painted chart (tokens, highlights, taken edge, log selection)', steps.chart);
  report('  step to the painted frame with every panel updated (host round trip for the detail, inspector, controls, log detail)', steps.full);

  // 2. Log scrolling with a long session.
  const text = await longReplay(LOG_STEPS);
  await page.evaluate((t) => (window as any).flowscope.openReplay(t, 'long.replay.json'), text);
  await page.waitForFunction((n) => (window as any).flowscope && document.querySelector('[data-testid="step-counter"]')?.textContent?.includes(`/ ${n}`), LOG_STEPS, { timeout: 600_000 });
  await page.evaluate(() => (window as any).flowscope.select(0));
  await page.waitForTimeout(500);
  const frames: number[] = await page.evaluate(async () => {
    const scroller = document.querySelector('[data-testid="log-scroll"]') as HTMLElement;
    const deltas: number[] = [];
    let last = performance.now();
    for (let i = 0; i < 240; i++) {
      scroller.scrollTop += i < 120 ? 900 : 40_000;
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      deltas.push(now - last);
      last = now;
    }
    return deltas;
  });
  console.log(`log of ${LOG_STEPS.toLocaleString('en')} steps, 240 frames of scrolling (900 px, then 40,000 px per frame):`);
  report('  frame time while scrolling', frames);
} finally {
  await browser.close();
  await server.close();
}
