import { replayOfGame } from '../../game/replay-of-game';
import { mkdirSync, statSync } from 'node:fs';
import { loadGameWatched } from '../../explore/watched-load';
import { InputError } from '../errors';
import { writeFileAtomic } from '../../files/write-atomic';
import path from 'node:path';
import { buildReport, chartOf, formatReplay, type ExploreReport, type FindingGroup, type ReplayFile } from '../../../engine';
import { runExplorePool } from '../../explore/explore-pool';
import { checkPlayerCount, defaultPlayerCount, openGame, type OpenedGame, type OpenOptions } from '../../game/open-session';
import { startProgress } from '../progress';

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
  /** Each worker's heap limit (`--max-memory`). */
  maxMemoryMb?: number;
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
  const limits = { maxMemoryMb: asked.maxMemoryMb, signal };
  const job = { file: asked.file, game: asked.game, bgio: asked.bgio, open: asked.open, numPlayers: asked.players ?? 2 };
  await loadGameWatched(
    { ...job, setupData: asked.setupData, options: { runs: 0, steps: 0, seed: asked.seed } },
    asked.timeoutSeconds * 1000,
    limits,
  );
  if (signal?.aborted) return interrupted(warn, 0, asked.runs);
  const opened = await openGame(asked.file, asked.game, asked.bgio, undefined, asked.open);
  const options = { ...asked, players: asked.players ?? defaultPlayerCount(opened.game) };
  checkPlayerCount(opened.game, options.players);
  warn(`boardgame.io ${opened.runtime.version}: ${opened.releaseReason}`);
  const model = chartOf(opened.game.config, options.players, opened.runtime);
  const exploreOptions = { runs: options.runs, steps: options.steps, seed: options.seed, checkDeterminism: options.checkDeterminism };
  const progress = startProgress(options.runs, 'runs');
  let found = 0;
  const outcomes = await runExplorePool(
    {
      file: options.file,
      game: options.game,
      bgio: opened.runtime.version,
      open: options.open,
      numPlayers: options.players,
      setupData: options.setupData,
      options: exploreOptions,
    },
    options.workers,
    options.timeoutSeconds * 1000,
    (outcome) => {
      found += outcome.findings.length;
      progress.tick({ findings: found });
    },
    limits,
  ).finally(() => progress.stop());
  const report = buildReport(
    { game: opened.game.name, bgio: opened.runtime.version, numPlayers: options.players, config: opened.game.config },
    model,
    exploreOptions,
    outcomes,
  );
  const written = options.out ? writeReplays(report, opened, options) : new Map<string, string>();
  if (options.json)
    print(JSON.stringify({ ...report, findings: report.findings.map((f) => ({ ...f, replayFile: written.get(f.key) ?? null })) }, null, 2));
  else for (const line of describeReport(report, written)) print(line);
  if (signal?.aborted) return interrupted(warn, outcomes.length, options.runs);
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

/** The human-readable report: findings grouped with counts, each with its minimal replay, then coverage. */
export function describeReport(report: ExploreReport, written: ReadonlyMap<string, string>): string[] {
  const lines: string[] = [];
  const ends = Object.entries(report.endings)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k === 'steps' ? 'reached the step limit' : k === 'gameover' ? 'ended in game over' : k}`);
  lines.push(
    `${report.runs} runs, ${report.totalSteps} steps (seed ${report.seed}, up to ${report.stepsPerRun} steps each): ${ends.join(', ')}`,
  );
  if (!report.findings.length) lines.push('no findings');
  else lines.push(`${report.findings.length} finding${report.findings.length === 1 ? '' : 's'}:`);
  report.findings.forEach((f, i) => lines.push(...describeFinding(f, i + 1, written.get(f.key))));
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
  if (f.replay) {
    const how = f.replay.minimal ? 'minimal' : 'shortened (shrink budget ran out)';
    out.push(
      `   ${how} replay: ${f.replay.actions.length} action${f.replay.actions.length === 1 ? '' : 's'} (from ${f.replay.originalLength})${file ? `: ${file}` : ''}`,
    );
  }
  return out;
}

const slug = (text: string) =>
  text
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'finding';

/** Writes one replay per finding into `--out`; returns the file written for each finding key. */
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
