import { replayOfGame } from '../../game/replay-of-game';
import { mkdirSync, statSync } from 'node:fs';
import { bundleGame } from '../../load/load-game-file';
import { InputError } from '../errors';
import { writeFileAtomic } from '../../files/write-atomic';
import path from 'node:path';
import {
  buildReport,
  chartOf,
  formatReplay,
  guessedWarning,
  summariseCoverage,
  type EventSetting,
  type ExhaustiveReport,
  type ExploreReport,
  type FindingGroup,
  type ReplayFile,
  type ShardReport,
} from '../../../engine';
import { loadArgGenerators, recordedArguments } from '../../explore/argument-files';
import { runExplorePool, shardRuns, type PoolResult } from '../../explore/explore-pool';
import type { ExploreLoad } from '../../explore/explore-job';
import { startExploreThread, type ExploreThread } from '../../explore/explore-thread';
import { checkPlayerCount, defaultPlayerCount, openGame, type OpenedGame, type OpenOptions } from '../../game/open-session';
import { startProgress } from '../progress';
import { reportExploreToCi } from '../ci/explore-ci';

export interface ExploreCommandOptions {
  file: string;
  game?: string;
  bgio?: string;
  /** Default: 2, within the game's minPlayers/maxPlayers. */
  players?: number;
  setupData: unknown;
  runs: number;
  steps: number;
  seed: string;
  workers: number;
  json: boolean;
  out?: string;
  checkDeterminism: boolean;
  timeoutSeconds: number;
  /** Where the game is in a real project (`--game-path`, `--factory-args`, `--stub-module`). */
  open?: OpenOptions;
  /** `--junit FILE`: also write the report as JUnit XML. */
  junit?: string;
  /** `--from-replays`: replay files, test files or folders of them whose moves' arguments are used. */
  fromReplays?: string[];
  /** `--args`: a module exporting a function per move that returns argument lists. */
  argsFile?: string;
  /** `--events`: which client events explore sends (default `ui`). */
  events?: EventSetting;
  /** `--exhaustive`: a breadth-first search over distinct states instead of random runs. */
  exhaustive?: { maxDepth?: number; maxStates?: number };
  /** `--shard K/N` (K from 1): only the K-th of N slices of the runs, or of the search's frontier. */
  shard?: { index: number; count: number };
  /** Each worker's heap limit (`--max-memory`). */
  maxMemoryMb?: number;
  /** `--all-workers`: start every worker at once, even where the runs would not repay their start-up. */
  allWorkers?: boolean;
}

/** The exit code of a command stopped by Ctrl+C (128 + SIGINT), as shells report it. */
export const INTERRUPTED_EXIT = 130;

/** `flowscope explore`: seeded random playouts over worker threads. Exit 0 with no findings, 1 with findings. */
export async function exploreCommand(
  asked: ExploreCommandOptions,
  print: (line: string) => void,
  warn: (line: string) => void,
  signal?: AbortSignal,
): Promise<number> {
  if (asked.out !== undefined) checkOutFolder(asked.out);
  const limits = { maxMemoryMb: asked.maxMemoryMb, signal, startAll: asked.allWorkers };
  // Bundled once (esbuild runs no game code): the first worker, this thread and every other worker evaluate it.
  const open = { ...asked.open, prebuilt: await bundleGame(asked.file, asked.open) };
  const load = { file: asked.file, game: asked.game, bgio: asked.bgio, open, setupData: asked.setupData };
  // The first worker loads the game before this thread does: game code that never finishes loading,
  // calls process.exit() or runs out of memory is stopped and named there. It then plays the runs.
  const first = startExploreThread(load, asked.timeoutSeconds * 1000, limits);
  try {
    await first.loaded;
    if (signal?.aborted) return interrupted(warn, 0, asked.runs);
    return await exploreLoaded(asked, load, first, print, warn, signal);
  } finally {
    first.finish();
  }
}

/** The rest of `flowscope explore`, once its first worker has loaded the game. */
async function exploreLoaded(
  asked: ExploreCommandOptions,
  load: ExploreLoad,
  first: ExploreThread,
  print: (line: string) => void,
  warn: (line: string) => void,
  signal?: AbortSignal,
): Promise<number> {
  const limits = { maxMemoryMb: asked.maxMemoryMb, signal, startAll: asked.allWorkers };
  const opened = await openGame(asked.file, asked.game, asked.bgio, undefined, load.open);
  const options = { ...asked, players: asked.players ?? defaultPlayerCount(opened.game) };
  checkPlayerCount(opened.game, options.players);
  warn(`boardgame.io ${opened.runtime.version}: ${opened.releaseReason}`);
  const model = chartOf(opened.game.config, options.players, opened.runtime);
  const recorded = options.fromReplays?.length ? recordedArguments(options.fromReplays) : undefined;
  // Load the generators once here, so a broken module is one clear error before any run starts.
  if (options.argsFile) await loadArgGenerators(options.argsFile, opened.runtime);
  // Each worker reads the moves' declared TypeScript types itself, when a move first needs them.
  const play = { recorded, declaredTypes: true, argsFile: options.argsFile && path.resolve(options.argsFile), events: options.events };
  if (options.exhaustive) {
    first.finish();
    const { exhaustiveReport } = await import('./explore-exhaustive');
    return printReport(await exhaustiveReport(opened, model, options, play), opened, options, print, warn);
  }
  const exploreOptions = { runs: options.runs, steps: options.steps, seed: options.seed, checkDeterminism: options.checkDeterminism };
  const slice = options.shard ? shardRuns(options.runs, options.shard) : undefined;
  const progress = startProgress(slice?.length ?? options.runs, 'runs');
  let found = 0;
  const pool = await runExplorePool(
    { ...load, bgio: opened.runtime.version, numPlayers: options.players, options: exploreOptions, play },
    options.workers,
    options.timeoutSeconds * 1000,
    (outcome) => {
      found += outcome.findings.length;
      progress.tick({ findings: found });
    },
    slice,
    limits,
    first,
  ).finally(() => progress.stop());
  const outcomes = pool.outcomes;
  const held = signal?.aborted ? null : heldWorkersNote(pool, options.workers, outcomes.length);
  if (held) warn(held);
  const meta = { game: opened.game.name, bgio: opened.runtime.version, numPlayers: options.players, config: opened.game.config };
  const report: ExploreReport | ShardReport = buildReport(meta, model, exploreOptions, outcomes);
  if (options.shard) {
    const template = summariseCoverage(model, opened.game.config, {}).items;
    Object.assign(report, { shard: { ...options.shard, mode: 'random', template, outcomes } });
  }
  const code = printReport(report, opened, options, print, warn);
  if (signal?.aborted) return interrupted(warn, outcomes.length, slice?.length ?? options.runs);
  return code;
}

/** Says why fewer workers than asked ran the runs (the pool starts one only when the runs left repay it), or null. */
export function heldWorkersNote(pool: Pick<PoolResult, 'started' | 'pace'>, asked: number, runs: number): string | null {
  if (pool.started >= asked || runs <= pool.started) return null;
  const ran = `explore used ${pool.started} of ${asked} workers`;
  const why = pool.pace
    ? `starting another costs about ${(pool.pace.startMs / 1000).toFixed(1)} s of CPU (V8 compiles the game's code again in each), more than its share of the runs left`
    : "too few runs to repay another worker's start-up";
  return `${ran}: ${why} (--all-workers starts them all)`;
}

/** Prints the report (with `--json`, all of it), writes its replays with `--out`; the exit code: 1 with findings. */
function printReport(
  report: ExploreReport | ExhaustiveReport,
  opened: OpenedGame,
  options: ExploreCommandOptions & { players: number },
  print: (line: string) => void,
  warn: (line: string) => void,
): number {
  const written = options.out ? writeReplays(report, opened, options) : new Map<string, string>();
  if (options.json)
    print(JSON.stringify({ ...report, findings: report.findings.map((f) => ({ ...f, replayFile: written.get(f.key) ?? null })) }, null, 2));
  else for (const line of describeReport(report, written)) print(line);
  reportExploreToCi(report, written, opened, options.junit, options.json ? warn : print);
  return report.findings.length ? 1 : 0;
}

/** Stopped by Ctrl+C or SIGTERM: the report above holds the runs that finished. */
function interrupted(warn: (line: string) => void, finished: number, runs: number): number {
  warn(`explore was interrupted: ${finished} of ${runs} runs finished${finished ? ' (reported above)' : ''}`);
  return INTERRUPTED_EXIT;
}

/** `--out` is a folder explore creates or adds to; a file there is refused before any run. */
function checkOutFolder(out: string): void {
  const stat = statSync(out, { throwIfNoEntry: false });
  if (stat && !stat.isDirectory())
    throw new InputError(`--out ${out} is a file: explore writes one replay per finding into a folder, so name a folder`);
}

const ENDING_TEXT: Record<string, string> = {
  steps: 'reached the step limit',
  gameover: 'ended in game over',
  'dead-end': 'ended in a dead end',
  'no-valid-arguments': 'ended where explore found no valid arguments',
};

/** The human-readable report: findings grouped with counts, each with its minimal replay, then coverage. */
export function describeReport(report: ExploreReport | ExhaustiveReport, written: ReadonlyMap<string, string>): string[] {
  const lines: string[] = [];
  if ('exhaustive' in report) lines.push(...describeSearch(report));
  else {
    const ends = Object.entries(report.endings)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} ${ENDING_TEXT[k] ?? k}`);
    lines.push(
      `${report.runs} runs, ${report.totalSteps} steps (seed ${report.seed}, up to ${report.stepsPerRun} steps each): ${ends.join(', ')}`,
    );
  }
  const shard = (report as Partial<ShardReport>).shard;
  if (shard)
    lines.push(
      `shard ${shard.index}/${shard.count}${shard.mode === 'exhaustive' ? (shard.depth === null ? ' (the search ended before its frontier was large enough to split: every shard searched it all)' : ` (the frontier at depth ${shard.depth} split ${shard.count} ways)`) : ''}: merge the --json reports of every shard with \`flowscope explore merge\``,
    );
  if (!report.findings.length) lines.push('no findings');
  else lines.push(`${report.findings.length} finding${report.findings.length === 1 ? '' : 's'}:`);
  report.findings.forEach((f, i) => lines.push(...describeFinding(f, i + 1, written.get(f.key))));
  // A move that was accepted with other arguments is covered: its failed guesses are in --json only.
  for (const note of report.notes ?? []) if (!note.accepted) lines.push(`note: ${note.message}`);
  const { items, neverReached } = report.coverage;
  const declared = items.filter((x) => x.declared);
  lines.push(
    `coverage: ${declared.length - neverReached.length} of ${declared.length} declared phases, turns, stages, moves and edges reached`,
  );
  // Phase, turn and stage labels say what they are; a move's and an edge's do not.
  for (const item of neverReached)
    lines.push(`  never reached: ${item.kind === 'move' || item.kind === 'edge' ? `${item.kind} ` : ''}${item.label}`);
  return lines;
}

function describeFinding(f: FindingGroup, n: number, file: string | undefined): string[] {
  const out = [
    `${n}. [${f.kind}] ${f.location}: ${f.count} time${f.count === 1 ? '' : 's'} in ${f.runs} run${f.runs === 1 ? '' : 's'} (first: run ${f.firstRun}, step ${f.firstStep})`,
    `   ${f.message.split('\n')[0]}`,
  ];
  if (f.replay && 'source' in f) {
    const n = f.replay.actions.length;
    if (f.argSources?.length) out.push(`   arguments from: ${f.argSources.join(', ')}`);
    out.push(`   shortest path: ${n} action${n === 1 ? '' : 's'} (the last one's arguments from ${f.source})${file ? `: ${file}` : ''}`);
  } else if (f.replay) {
    if (f.argSources?.length) out.push(`   arguments from: ${f.argSources.join(', ')}`);
    const how = f.replay.minimal ? 'minimal' : 'shortened (shrink budget ran out)';
    out.push(
      `   ${how} replay: ${f.replay.actions.length} action${f.replay.actions.length === 1 ? '' : 's'} (from ${f.replay.originalLength})${file ? `: ${file}` : ''}`,
    );
  }
  if (f.guessedInReplay) out.push(`   ${guessedWarning(f.guessedInReplay)}`);
  return out;
}

const slug = (text: string) =>
  text
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'finding';

/** Writes one replay per finding into `--out`; returns the file written for each finding key. */
/** The first lines of an exhaustive search's report: how many states, how deep, whether it finished and why not. */
function describeSearch(report: ExhaustiveReport): string[] {
  const x = report.exhaustive;
  const states = `${x.distinctStates.toLocaleString('en-US')} distinct state${x.distinctStates === 1 ? '' : 's'}`;
  const head =
    x.stoppedBy === 'exhausted'
      ? `exhaustive: ${states}, every one expanded (${x.depth} actions deep)`
      : x.stoppedBy === 'depth'
        ? `exhaustive to depth ${x.maxDepth}: ${states}; ${report.endings.steps.toLocaleString('en-US')} at depth ${x.maxDepth} not expanded (not exhausted)`
        : x.stoppedBy === 'max-states'
          ? `exhaustive: stopped at --max-states ${x.maxStates.toLocaleString('en-US')} (${states}, ${x.expanded.toLocaleString('en-US')} expanded, depth ${x.depth} reached; not exhausted)`
          : `exhaustive: the game could not be created`;
  const ends = [`${report.endings.gameover} game over`, ...(report.endings.stuck ? [`${report.endings.stuck} stuck`] : [])];
  return [
    `${head} (seed ${report.seed})`,
    `  states: ${ends.join(', ')}; ${x.transitions.toLocaleString('en-US')} actions tried, ${x.traced} re-run traced`,
  ];
}

function writeReplays(
  report: ExploreReport,
  opened: OpenedGame,
  options: ExploreCommandOptions & { players: number },
): Map<string, string> {
  const dir = path.resolve(options.out!);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new InputError(
      `cannot create the --out folder ${options.out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const written = new Map<string, string>();
  report.findings.forEach((f, i) => {
    if (!f.replay) return;
    const replay: ReplayFile = replayOfGame(opened, dir, {
      numPlayers: options.players,
      seed: f.replay.seed,
      gameRandomness: opened.module.gameRandomness,
      setupData: options.setupData ?? null,
      actions: f.replay.actions,
      expect: f.replay.expect,
    });
    const file = path.join(options.out!, `${String(i + 1).padStart(2, '0')}-${f.kind}-${slug(f.location)}.json`);
    writeFileAtomic(file, formatReplay(replay));
    written.set(f.key, file);
  });
  return written;
}
