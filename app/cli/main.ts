import { parseArgs } from 'node:util';
import { forceGameRandomness } from '../load/sandbox-mode';
import { MatchSourceError } from '../attach/match-sources';
import { DEFAULT_TIMEOUT_SECONDS, MIN_MAX_MEMORY_MB } from './timeout';
import { DEFAULT_MAX_MEMORY_MB } from '../host/game-ended';
import { stateDir } from '../journal/state-dir';
import path from 'node:path';
import { isUsageError, isUserError, UsageError } from './errors';
import { ExploreStallError, ExploreWorkerError } from '../explore/explore-job';
import type { OpenOptions } from '../game/open-session';
import { EVENT_NAMES } from '../../engine/types';
import type { EventSetting } from '../../engine';

export const USAGE = `flowscope: a debugger for boardgame.io game flows

usage:
  flowscope play <game-file> [--game NAME] [--players N] [--seed S] [--random K] [--out replay.json]
                 [--setup-data JSON] [--restart] [--undo-rate R] [--no-expect]
      play K seeded random steps and write the replay (to stdout without --out)
  flowscope replay <game-file> <replay.json> [--json] [--game NAME]
      re-run a replay and print every step (one JSON object per line with --json)
  flowscope check <game-file> <replay.json>... [--game NAME] [--junit FILE]
      re-run each replay: exit 0 when every expectation holds, 1 at the first divergent step;
      --junit writes a JUnit XML report (one test case per replay)
  flowscope chart <game-file> [--game NAME] [--players N] [--format json|xstate|mermaid]
      the statechart of phases, turns and stages: the model, the XState machine, or Mermaid
  flowscope migrate <game-file> [--game NAME] [--out DIR | --diff] [--verify-steps N] [--players N] [--seed S] [--setup-data JSON]
      rewrite a game written for an older boardgame.io to today's API (the game file on stdout, the game's
      files under DIR with --out, or a unified diff of each changed file with --diff), then check it: it must
      load on 0.50.2
      and agree with the original over N seeded random steps (default 200); exit 1 naming each decision
      left to a human and each failure
  flowscope compare <game-file> <replay.json> [--game NAME]
      run a replay on the game's own release and on its migration to 0.50; the first difference, explained
  flowscope explore <game-file> [--runs N] [--steps K] [--seed S] [--workers W] [--players N] [--json] [--out DIR]
                    [--no-determinism] [--all-workers] [--events ui|all|none|LIST] [--args FILE] [--from-replays DIR|FILE]... [--junit FILE] [--shard K/N]
      seeded random playouts over worker threads: finds throwing game code, stuck states, dead ends, loop
      guards, rejected and dropped events, non-determinism and diagnostics, each with a minimal replay
      (written to DIR with --out) and where its arguments came from; chart coverage. Moves' arguments come
      from ai.enumerate, --args generators, recorded play (--from-replays: replays, tests), the moves' TypeScript
      parameter types (literal unions, enums, ranges the move checks), inference, the state.
      --junit writes a JUnit XML report (one test case per finding kind). Exit 0 with no findings, 1 with findings,
      130 when Ctrl+C stopped it (what it found so far is reported). At most 1,000,000 runs of 100,000 steps;
      --workers up to 64, lowered to the machine's cores; the second and later workers start only when the runs
      left repay their start-up (--all-workers starts them all at once)
  flowscope explore <game-file> --exhaustive [--depth D] [--max-states N] [--shard K/N] [--json] [--out DIR]
      breadth-first search over every distinct state (G and the flow position), each finding with
      the shortest path to it; stops at --max-states (default 1,000,000) and says how far it got
  flowscope explore merge <shard.json>...  [--json]
      the report of one run from the --json reports of its --shard K/N runs
  flowscope export-test <game-file> <replay.json> [--runner vitest|jest] [--with-G] [--out FILE]
      a test file for your own project that replays the actions on boardgame.io's Client and
      asserts the recorded ctx (and G with --with-G) at each expect
  flowscope lint <game-file> [--game NAME] [--players N] [--setup-data JSON] [--format text|sarif]
      check the config for flow mistakes (exit 1 on errors), statically and by a short seeded run;
      codes in docs/lint.md; --format sarif prints a SARIF 2.1.0 log (GitHub code scanning)
  flowscope app [game-file] [serve's options]      (also: flowscope start)
      the desktop app, when Electron's binary can be had (npm install --save-dev electron in your
      project); else it says why and opens browser mode (serve)
  flowscope serve [game-file] [--game NAME] [--players N] [--seed S] [--port P] [--replay F] [--restore] [--inspect] [--inspect-port P]
                 [--attach-port P] [--attach-token T] [--attach-origin ORIGIN]... [--no-attach]
      the debugger in a browser: a local server on 127.0.0.1 (prints its address with a token);
      --restore reopens the session a crash left unfinished, with every action it had;
      --inspect also exposes the live statechart to XState inspector clients; games you run
      yourself report to it through flowscope/attach (port 8765 by default, a pairing token)
  flowscope import-match <game-file> (--server URL | --storage DIR) --match ID [--out replay.json]
      a boardgame.io match from a running server (as a spectator) or a FlatFile folder, as a replay;
      names every step where boardgame.io's log is not exact, checks the replay against the stored state
  flowscope lessons
      list the lessons (boardgame.io's phases, stages, turn orders and reactive patterns, step by step)
  flowscope lesson check [lesson-file|id]
      check every lesson (or one): its path replays, every exercise is solvable, every chart reference exists
  flowscope learn [lesson-id] [--port P]
      open the lessons in a browser (browser mode with the Learn panel open)
  flowscope inspect <game-file> [--replay F | --random K] [--interval MS] [--players N] [--seed S] [--inspect-port P]
      no UI: play a replay or random steps at an interval while XState inspector clients watch

options for every command:
  --bgio V      run the game on boardgame.io release V (default: the nearest package.json's
                boardgame.io range or lockfile, else the API used across the game's files; shipped: 0.26, 0.32, 0.39, 0.43, 0.49, 0.50)
  --players N   number of players (default 2, within the game's minPlayers/maxPlayers; others are refused)
  --timeout S   stop game code that makes no progress for S seconds (default 10)
  --max-memory MB
                the memory game code may use (default 4096): a move that allocates without end is
                stopped and named instead of crashing
  --no-sandbox-random
                run the game's Math.random, Date, performance.now and crypto for real instead of
                seeded from the session seed and the step (see docs/determinism.md)

options for opening real projects (play, chart, lint, migrate, replay, check, compare, explore, inspect,
import-match, export-test, serve):
  --game-path P          the game is kept at a property of an export: --game-path example.game
  --factory-args JSON    the export (--game NAME, or --game-path) is a function returning the game:
                         call it with these arguments (a JSON array)
  --stub-module NAME     replace package NAME (and its subpaths) with a stub whose every export is a
                         function that does nothing (for UI, toast or assert packages);
                         repeat for several

in GitHub Actions (GITHUB_ACTIONS=true), lint, check and explore also print each finding as an
::error file=…,line=…:: annotation

exit codes: 0 ok, 1 a replay diverged, 2 a bad game file, replay or command line, or game code that hung,
called process.exit() or ran out of memory; 130 explore stopped by Ctrl+C`;

export interface Io {
  print(line: string): void;
  warn(line: string): void;
  /** Aborted when a long-running command (serve) should stop. */
  signal?: AbortSignal;
}

const OPTIONS = {
  game: { type: 'string' },
  bgio: { type: 'string' },
  players: { type: 'string' },
  seed: { type: 'string' },
  random: { type: 'string' },
  out: { type: 'string' },
  'setup-data': { type: 'string' },
  restart: { type: 'boolean' },
  'undo-rate': { type: 'string' },
  'no-expect': { type: 'boolean' },
  json: { type: 'boolean' },
  timeout: { type: 'string' },
  'max-memory': { type: 'string' },
  format: { type: 'string' },
  port: { type: 'string' },
  inspect: { type: 'boolean' },
  'inspect-port': { type: 'string' },
  replay: { type: 'string' },
  restore: { type: 'boolean' },
  interval: { type: 'string' },
  server: { type: 'string' },
  'attach-port': { type: 'string' },
  'attach-token': { type: 'string' },
  'attach-origin': { type: 'string', multiple: true },
  'no-attach': { type: 'boolean' },
  storage: { type: 'string' },
  match: { type: 'string' },
  'no-sandbox-random': { type: 'boolean' },
  'verify-steps': { type: 'string' },
  diff: { type: 'boolean' },
  'game-path': { type: 'string' },
  'factory-args': { type: 'string' },
  'stub-module': { type: 'string', multiple: true },
  runs: { type: 'string' },
  steps: { type: 'string' },
  workers: { type: 'string' },
  'no-determinism': { type: 'boolean' },
  'all-workers': { type: 'boolean' },
  events: { type: 'string' },
  args: { type: 'string' },
  'from-replays': { type: 'string', multiple: true },
  exhaustive: { type: 'boolean' },
  depth: { type: 'string' },
  'max-states': { type: 'string' },
  shard: { type: 'string' },
  runner: { type: 'string' },
  'with-G': { type: 'boolean' },
  junit: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `--events all|none|ui|endTurn,endStage,…`: which client events explore sends. */
function eventSetting(value: string | undefined): EventSetting | undefined {
  if (value === undefined || value === 'ui' || value === 'all' || value === 'none') return value;
  const names = value.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !(EVENT_NAMES as readonly string[]).includes(n));
  if (unknown.length || !names.length)
    throw new UsageError(`--events must be ui, all, none or a comma-separated list of ${EVENT_NAMES.join(', ')}; got ${value}`);
  return names;
}

function integer(value: string | undefined, flag: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  const n = value.trim() === '' ? NaN : Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(
      `--${flag} must be an integer ${max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`}, got ${value}`,
    );
  }
  return n;
}

/** `--timeout`: seconds, a positive number. */
export function timeoutSeconds(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_SECONDS;
  const n = value.trim() === '' ? NaN : Number(value);
  if (!(Number.isFinite(n) && n > 0)) throw new UsageError(`--timeout must be a number of seconds greater than 0, got ${value}`);
  return n;
}

function lintFormat(value: string | undefined): 'text' | 'sarif' {
  if (value === undefined || value === 'text' || value === 'sarif') return value ?? 'text';
  throw new UsageError(`lint --format must be text or sarif, got ${value}`);
}

/** `--shard K/N`: the K-th (from 1) of N slices. */
function shard(value: string | undefined): { index: number; count: number } | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!(count >= 1 && index >= 1 && index <= count && count <= 10_000))
    throw new UsageError(`--shard must be K/N, the K-th of N slices with 1 <= K <= N (e.g. --shard 2/3), got ${value}`);
  return { index, count };
}

const port = (value: string | undefined, flag: string) => (value === undefined ? undefined : integer(value, flag, 0, 0, 65535));

function json(value: string | undefined, flag: string): unknown {
  if (value === undefined) return null;
  try {
    return JSON.parse(value);
  } catch (error) {
    throw new UsageError(`--${flag} must be JSON: ${(error as Error).message}`);
  }
}

/** Where the game is in a real project and how to bundle it (`--game-path`, `--factory-args`, `--stub-module`). */
function openOptions(values: { 'game-path'?: string; 'factory-args'?: string; 'stub-module'?: string[] }): OpenOptions {
  const factoryArgs = values['factory-args'] === undefined ? undefined : json(values['factory-args'], 'factory-args');
  if (factoryArgs !== undefined && !Array.isArray(factoryArgs))
    throw new UsageError(`--factory-args must be a JSON array of the factory's arguments, got ${values['factory-args']}`);
  return {
    ...(values['game-path'] !== undefined ? { gamePath: values['game-path'] } : {}),
    ...(factoryArgs !== undefined ? { factoryArgs: factoryArgs as unknown[] } : {}),
    ...(values['stub-module']?.length ? { stubModules: values['stub-module'] } : {}),
  };
}

function positionals(list: string[], count: number, names: string): string[] {
  if (list.length !== count) throw new UsageError(`expected ${names}, got ${list.length ? list.join(' ') : 'nothing'}`);
  return list;
}

const journalDir = () => path.join(stateDir(), 'sessions');

/** Runs one command line and returns its exit code; never throws. Each command's module loads only when it runs. */
export async function main(argv: string[], io: Io): Promise<number> {
  try {
    const { values, positionals: args } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    const [command, ...rest] = args;
    forceGameRandomness(values['no-sandbox-random'] ? 'real' : undefined);
    if (values.help || !command) {
      io.print(USAGE);
      return 0;
    }
    const timeout = timeoutSeconds(values.timeout);
    const maxMemoryMb = integer(values['max-memory'], 'max-memory', DEFAULT_MAX_MEMORY_MB, MIN_MAX_MEMORY_MB);
    switch (command) {
      case 'play': {
        const [file] = positionals(rest, 1, '<game-file>');
        const undoRate = values['undo-rate'] === undefined ? 0 : Number(values['undo-rate']);
        if (!(undoRate >= 0 && undoRate <= 1)) throw new UsageError(`--undo-rate must be between 0 and 1, got ${values['undo-rate']}`);
        const { play } = await import('./commands/play');
        return await play(
          {
            file,
            game: values.game,
            players: values.players === undefined ? undefined : integer(values.players, 'players', 2, 1),
            seed: values.seed ?? Math.random().toString(36).slice(2, 10),
            random: integer(values.random, 'random', 100, 0),
            out: values.out,
            setupData: json(values['setup-data'], 'setup-data'),
            expect: !values['no-expect'],
            restart: !!values.restart,
            undoRate,
            bgio: values.bgio,
            open: openOptions(values),
          },
          io.print,
          io.warn,
        );
      }
      case 'replay': {
        const [file, replay] = positionals(rest, 2, '<game-file> <replay.json>');
        const { replayCommand } = await import('./commands/replay');
        return await replayCommand(
          file,
          replay,
          { json: !!values.json, game: values.game, bgio: values.bgio, open: openOptions(values) },
          io.print,
          io.warn,
        );
      }
      case 'check': {
        if (rest.length < 2) throw new UsageError(`expected <game-file> <replay.json>..., got ${rest.length ? rest.join(' ') : 'nothing'}`);
        const [file, ...replays] = rest;
        const { checkReplays } = await import('./commands/check-replays');
        return await checkReplays(
          file,
          replays,
          { game: values.game, bgio: values.bgio, open: openOptions(values), junit: values.junit },
          io.print,
          io.warn,
        );
      }
      case 'chart': {
        const [file] = positionals(rest, 1, '<game-file>');
        const { chartCommand } = await import('./commands/chart');
        return await chartCommand(
          file,
          {
            game: values.game,
            players: values.players === undefined ? undefined : integer(values.players, 'players', 2, 1),
            format: values.format ?? 'json',
            bgio: values.bgio,
            open: openOptions(values),
          },
          io.print,
        );
      }
      case 'serve': {
        if (rest.length > 1) throw new UsageError(`expected at most one game file, got ${rest.join(' ')}`);
        const { serveCommand } = await import('./commands/serve');
        return await serveCommand(
          {
            file: rest[0],
            game: values.game,
            players: values.players === undefined ? undefined : integer(values.players, 'players', 2, 1),
            seed: values.seed,
            gameRandomness: values['no-sandbox-random'] ? 'real' : undefined,
            bgio: values.bgio,
            open: openOptions(values),
            port: port(values.port, 'port'),
            timeoutSeconds: timeout,
            maxMemoryMb,
            inspect: values.inspect ? { port: port(values['inspect-port'], 'inspect-port') ?? 0 } : undefined,
            replay: values.replay,
            attach: values['no-attach']
              ? false
              : {
                  port: values['attach-port'] === undefined ? undefined : integer(values['attach-port'], 'attach-port', 0, 0),
                  token: values['attach-token'],
                  origins: values['attach-origin'],
                },
            journalDir: journalDir(),
            restore: !!values.restore,
          },
          io.print,
          io.signal ?? new AbortController().signal,
          io.warn,
        );
      }
      case 'inspect': {
        const [file] = positionals(rest, 1, '<game-file>');
        const { inspectCommand } = await import('./commands/inspect');
        return await inspectCommand(
          {
            file,
            game: values.game,
            players: values.players === undefined ? undefined : integer(values.players, 'players', 2, 1),
            seed: values.seed ?? 'inspect',
            inspect: true,
            port: port(values['inspect-port'], 'inspect-port'),
            replay: values.replay,
            random: values.random === undefined ? undefined : integer(values.random, 'random', 0, 0),
            intervalMs: integer(values.interval, 'interval', 500, 0),
            bgio: values.bgio,
            open: openOptions(values),
          },
          io.print,
          io.warn,
          io.signal,
        );
      }
      case 'migrate': {
        const [file] = positionals(rest, 1, '<game-file>');
        const { DEFAULT_VERIFY_STEPS, migrateCommand } = await import('./commands/migrate');
        const migrateOptions = {
          game: values.game,
          bgio: values.bgio,
          open: openOptions(values),
          verifySteps: integer(values['verify-steps'], 'verify-steps', DEFAULT_VERIFY_STEPS, 0),
          ...(values.players !== undefined ? { numPlayers: integer(values.players, 'players', 2, 1) } : {}),
          ...(values.seed !== undefined ? { seed: values.seed } : {}),
          ...(values.out !== undefined ? { out: values.out } : {}),
          ...(values.diff ? { diff: true } : {}),
          ...(values['setup-data'] !== undefined ? { setupData: json(values['setup-data'], 'setup-data') } : {}),
        };
        return await migrateCommand(file, migrateOptions, io.print, io.warn);
      }
      case 'compare': {
        const [file, replay] = positionals(rest, 2, '<game-file> <replay.json>');
        const { compareCommand } = await import('./commands/compare');
        return await compareCommand(file, replay, { game: values.game, bgio: values.bgio, open: openOptions(values) }, io.print, io.warn);
      }
      case 'import-match': {
        const [file] = positionals(rest, 1, '<game-file>');
        if (!values.match) throw new UsageError('import-match needs --match ID');
        const { importMatchCommand } = await import('./commands/import-match');
        return await importMatchCommand(
          {
            file,
            game: values.game,
            bgio: values.bgio,
            server: values.server,
            storage: values.storage,
            match: values.match,
            out: values.out,
            open: openOptions(values),
          },
          io.print,
          io.warn,
        );
      }
      case 'lessons':
        positionals(rest, 0, 'no arguments');
        return (await import('./commands/lessons')).lessonsCommand(io.print);
      case 'lesson': {
        const [sub, target, ...extra] = rest;
        if (sub !== 'check' || extra.length)
          throw new UsageError(`expected \`lesson check [lesson-file|id]\`, got lesson ${rest.join(' ')}`);
        const { lessonCheckCommand } = await import('./commands/lessons');
        return await lessonCheckCommand(target, io.print);
      }
      case 'learn': {
        if (rest.length > 1) throw new UsageError(`expected at most one lesson id, got ${rest.join(' ')}`);
        const { serveCommand } = await import('./commands/serve');
        return await serveCommand(
          {
            learn: rest[0] ?? '',
            port: values.port === undefined ? undefined : integer(values.port, 'port', 0, 0),
            timeoutSeconds: values.timeout === undefined ? 10 : Number(values.timeout),
          },
          io.print,
          io.signal ?? new AbortController().signal,
        );
      }
      case 'explore': {
        if (rest[0] === 'merge') {
          if (rest.length < 2) throw new UsageError('expected `explore merge A.json B.json …`, the --json reports of the shards');
          const { exploreMergeCommand } = await import('./commands/explore-merge');
          return exploreMergeCommand(rest.slice(1), !!values.json, io.print, io.warn);
        }
        const [file] = positionals(rest, 1, '<game-file>');
        if (!values.exhaustive)
          for (const flag of ['depth', 'max-states'] as const)
            if (values[flag] !== undefined) throw new UsageError(`--${flag} applies to --exhaustive only`);
        if (values.exhaustive)
          for (const flag of ['runs', 'steps'] as const)
            if (values[flag] !== undefined)
              throw new UsageError(`--${flag} applies to random runs, not --exhaustive (which takes --depth and --max-states)`);
        const { exploreCommand } = await import('./commands/explore');
        const { MAX_RUNS, MAX_STEPS, MAX_WORKERS, workerCount } = await import('../explore/explore-limits');
        const runs = integer(values.runs, 'runs', 100, 1, MAX_RUNS);
        const steps = integer(values.steps, 'steps', 200, 1, MAX_STEPS);
        const workers = workerCount(values.workers === undefined ? undefined : integer(values.workers, 'workers', 1, 1, MAX_WORKERS));
        if (workers.note) io.warn(workers.note);
        return await exploreCommand(
          {
            file,
            game: values.game,
            bgio: values.bgio,
            players: values.players === undefined ? undefined : integer(values.players, 'players', 2, 1),
            setupData: json(values['setup-data'], 'setup-data'),
            runs,
            steps,
            seed: values.seed ?? 'explore',
            workers: workers.workers,
            json: !!values.json,
            out: values.out,
            checkDeterminism: !values['no-determinism'],
            allWorkers: !!values['all-workers'],
            timeoutSeconds: timeout,
            maxMemoryMb,
            open: openOptions(values),
            junit: values.junit,
            events: eventSetting(values.events),
            argsFile: values.args,
            fromReplays: values['from-replays'],
            exhaustive: values.exhaustive
              ? {
                  maxDepth: values.depth === undefined ? undefined : integer(values.depth, 'depth', 0, 1),
                  maxStates: values['max-states'] === undefined ? undefined : integer(values['max-states'], 'max-states', 0, 1),
                }
              : undefined,
            shard: shard(values.shard),
          },
          io.print,
          io.warn,
          io.signal,
        );
      }
      case 'export-test': {
        const [file, replay] = positionals(rest, 2, '<game-file> <replay.json>');
        const runner = values.runner ?? 'vitest';
        if (runner !== 'vitest' && runner !== 'jest') throw new UsageError(`--runner must be vitest or jest, got ${runner}`);
        const { exportTestCommand } = await import('./commands/export-test');
        return await exportTestCommand(
          file,
          replay,
          { game: values.game, bgio: values.bgio, runner, withG: !!values['with-G'], out: values.out, open: openOptions(values) },
          io.print,
          io.warn,
        );
      }
      case 'lint': {
        const [file] = positionals(rest, 1, '<game-file>');
        const { lintCommand } = await import('./commands/lint');
        return await lintCommand(
          file,
          {
            game: values.game,
            bgio: values.bgio,
            open: openOptions(values),
            players: values.players === undefined ? undefined : integer(values.players, 'players', 2, 1),
            setupData: json(values['setup-data'], 'setup-data'),
            format: lintFormat(values.format),
          },
          io.print,
          io.warn,
        );
      }
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } catch (error) {
    return reportFailure(error, io);
  }
}

function reportFailure(error: unknown, io: Io): number {
  if (isUsageError(error)) {
    io.warn(`flowscope: ${error.message}\nRun \`flowscope --help\` for the commands and their options.`);
    return 2;
  }
  if (error instanceof MatchSourceError || isUserError(error)) {
    io.warn(`flowscope: ${error.message}`);
    return 2;
  }
  if (error instanceof ExploreStallError) {
    io.warn(`flowscope: ${error.message}.\nGame code is probably in an endless loop. Allow longer with --timeout SECONDS.`);
    return 2;
  }
  if (error instanceof ExploreWorkerError) {
    io.warn(`flowscope: ${error.message}`);
    return 2;
  }
  io.warn(`flowscope: unexpected failure: ${(error as Error)?.stack ?? String(error)}`);
  return 2;
}
