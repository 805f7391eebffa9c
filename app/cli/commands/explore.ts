import { replayOfGame } from '../../game/replay-of-game';
import { mkdirSync } from 'node:fs';
import { writeFileAtomic } from '../../files/write-atomic';
import path from 'node:path';
import {
  buildReport,
  chartOf,
  formatReplay,
  type EventSetting,
  type ExploreReport,
  type FindingGroup,
  type ReplayFile,
} from '../../../engine';
import { loadArgGenerators, recordedArguments } from '../../explore/argument-files';
import { runExplorePool } from '../../explore/explore-pool';
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
}

/** `flowscope explore`: seeded random playouts over worker threads. Exit 0 with no findings, 1 with findings. */
export async function exploreCommand(
  asked: ExploreCommandOptions,
  print: (line: string) => void,
  warn: (line: string) => void,
): Promise<number> {
  const opened = await openGame(asked.file, asked.game, asked.bgio, undefined, asked.open);
  const options = { ...asked, players: asked.players ?? defaultPlayerCount(opened.game) };
  checkPlayerCount(opened.game, options.players);
  warn(`boardgame.io ${opened.runtime.version}: ${opened.releaseReason}`);
  const model = chartOf(opened.game.config, options.players, opened.runtime);
  const recorded = options.fromReplays?.length ? recordedArguments(options.fromReplays) : undefined;
  // Load the generators once here, so a broken module is one clear error before any run starts.
  if (options.argsFile) await loadArgGenerators(options.argsFile, opened.runtime);
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
      play: { recorded, argsFile: options.argsFile && path.resolve(options.argsFile), events: options.events },
    },
    options.workers,
    options.timeoutSeconds * 1000,
    (outcome) => {
      found += outcome.findings.length;
      progress.tick({ findings: found });
    },
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
  reportExploreToCi(report, written, opened, options.junit, options.json ? warn : print);
  return report.findings.length ? 1 : 0;
}

const ENDING_TEXT: Record<string, string> = {
  steps: 'reached the step limit',
  gameover: 'ended in game over',
  'dead-end': 'ended in a dead end',
  'no-valid-arguments': 'ended where explore found no valid arguments',
};

/** The human-readable report: findings grouped with counts, each with its minimal replay, then coverage. */
export function describeReport(report: ExploreReport, written: ReadonlyMap<string, string>): string[] {
  const lines: string[] = [];
  const ends = Object.entries(report.endings)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${ENDING_TEXT[k] ?? k}`);
  lines.push(
    `${report.runs} runs, ${report.totalSteps} steps (seed ${report.seed}, up to ${report.stepsPerRun} steps each): ${ends.join(', ')}`,
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
  if (f.argSources?.length) out.push(`   arguments from: ${f.argSources.join(', ')}`);
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
  mkdirSync(dir, { recursive: true });
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
