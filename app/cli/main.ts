import { parseArgs } from 'node:util';
import { GameSelectionError, ReplayError, SessionError } from '../../engine';
import { GameLoadError } from '../load/load-game-file';
import { ReleaseError } from '../load/pick-release';
import { chartCommand } from './commands/chart';
import { checkCommand } from './commands/check';
import { compareCommand } from './commands/compare';
import { migrateCommand } from './commands/migrate';
import { play } from './commands/play';
import { replayCommand } from './commands/replay';
import { lintCommand } from './commands/lint';
import { serveCommand } from './commands/serve';
import { serveUiCommand } from './commands/serve-ui';
import { UsageError } from './errors';
import type { OpenOptions } from './open-session';

export const USAGE = `flowscope: a debugger for boardgame.io game flows

usage:
  flowscope play <game-file> [--game NAME] [--players N] [--seed S] [--random K] [--out replay.json]
                 [--setup-data JSON] [--restart] [--undo-rate R] [--no-expect]
      play K seeded random steps and write the replay (to stdout without --out)
  flowscope replay <game-file> <replay.json> [--json] [--game NAME]
      re-run a replay and print every step (one JSON object per line with --json)
  flowscope check <game-file> <replay.json> [--game NAME]
      re-run a replay: exit 0 when every expectation holds, 1 at the first divergent step
  flowscope chart <game-file> [--game NAME] [--players N] [--format json|xstate|mermaid]
      the statechart of phases, turns and stages: the model, the XState machine, or Mermaid
  flowscope migrate <game-file> [--game NAME]
      print a game written for an older boardgame.io as today's API (exit 1 when decisions remain)
  flowscope compare <game-file> <replay.json> [--game NAME]
      run a replay on the game's own release and on its migration to 0.50; the first difference, explained
  flowscope lint <game-file> [--game NAME] [--players N]
      check the config for flow mistakes (exit 1 on errors), statically and by a short seeded run;
      codes in docs/lint.md
  flowscope serve [game-file] [--game NAME] [--players N] [--seed S] [--port P] [--inspect] [--inspect-port P]
      the debugger in a browser: a local server on 127.0.0.1 (prints its address with a token);
      --inspect also exposes the live statechart to XState inspector clients
  flowscope inspect <game-file> [--replay F | --random K] [--interval MS] [--players N] [--seed S] [--inspect-port P]
      no UI: play a replay or random steps at an interval while XState inspector clients watch

options for every command:
  --bgio V      run the game on boardgame.io release V (default: the nearest package.json's
                boardgame.io range or lockfile, else the API used across the game's files; shipped: 0.26, 0.32, 0.39, 0.43, 0.49, 0.50)
  --players N   number of players (default 2, within the game's minPlayers/maxPlayers; others are refused)
  --timeout S   stop game code that makes no progress for S seconds (default 10)

options for opening real projects (play, chart, lint, migrate):
  --game-path P          the game is kept at a property of an export: --game-path example.game
  --factory-args JSON    the export (--game NAME, or --game-path) is a function returning the game:
                         call it with these arguments (a JSON array)
  --stub-module NAME     replace package NAME (and its subpaths) with a stub whose every export is a
                         function that does nothing (for UI, toast or assert packages);
                         repeat for several

exit codes: 0 ok, 1 a replay diverged, 2 a bad game file, replay or command line, or game code that hung`;

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
  format: { type: 'string' },
  port: { type: 'string' },
  inspect: { type: 'boolean' },
  'inspect-port': { type: 'string' },
  replay: { type: 'string' },
  interval: { type: 'string' },
  'game-path': { type: 'string' },
  'factory-args': { type: 'string' },
  'stub-module': { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

function integer(value: string | undefined, flag: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${flag} must be an integer of at least ${min}, got ${value}`);
  return n;
}

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
  if (factoryArgs !== undefined && !Array.isArray(factoryArgs)) throw new UsageError(`--factory-args must be a JSON array of the factory's arguments, got ${values['factory-args']}`);
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

/** Runs one command line and returns its exit code; never throws. */
export async function main(argv: string[], io: Io): Promise<number> {
  try {
    const { values, positionals: args } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    const [command, ...rest] = args;
    if (values.help || !command) {
      io.print(USAGE);
      return 0;
    }
    switch (command) {
      case 'play': {
        const [file] = positionals(rest, 1, '<game-file>');
        const undoRate = values['undo-rate'] === undefined ? 0 : Number(values['undo-rate']);
        if (!(undoRate >= 0 && undoRate <= 1)) throw new UsageError(`--undo-rate must be between 0 and 1, got ${values['undo-rate']}`);
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
        return await replayCommand(file, replay, { json: !!values.json, game: values.game, bgio: values.bgio }, io.print, io.warn);
      }
      case 'check': {
        const [file, replay] = positionals(rest, 2, '<game-file> <replay.json>');
        return await checkCommand(file, replay, { game: values.game, bgio: values.bgio }, io.print, io.warn);
      }
      case 'chart': {
        const [file] = positionals(rest, 1, '<game-file>');
        return await chartCommand(file, { game: values.game, players: values.players === undefined ? undefined : integer(values.players, 'players', 2, 1), format: values.format ?? 'json', bgio: values.bgio, open: openOptions(values) }, io.print);
      }
      case 'serve': {
        if (rest.length > 1) throw new UsageError(`expected at most one game file, got ${rest.join(' ')}`);
        return await serveUiCommand(
          {
            file: rest[0],
            game: values.game,
            players: values.players === undefined ? undefined : integer(values.players, 'players', 2, 1),
            seed: values.seed,
            port: values.port === undefined ? undefined : integer(values.port, 'port', 0, 0),
            timeoutSeconds: values.timeout === undefined ? 10 : Number(values.timeout),
            inspect: values.inspect ? { port: values['inspect-port'] === undefined ? 0 : integer(values['inspect-port'], 'inspect-port', 0, 0) } : undefined,
            replay: values.replay,
          },
          io.print,
          io.signal ?? new AbortController().signal,
        );
      }
      case 'inspect': {
        const [file] = positionals(rest, 1, '<game-file>');
        return await serveCommand(
          {
            file,
            game: values.game,
            players: integer(values.players, 'players', 2, 1),
            seed: values.seed ?? 'inspect',
            inspect: true,
            port: values['inspect-port'] === undefined ? undefined : integer(values['inspect-port'], 'inspect-port', 0, 0),
            replay: values.replay,
            random: values.random === undefined ? undefined : integer(values.random, 'random', 0, 0),
            intervalMs: integer(values.interval, 'interval', 500, 0),
          },
          io.print,
          io.warn,
          io.signal,
        );
      }
      case 'migrate': {
        const [file] = positionals(rest, 1, '<game-file>');
        return await migrateCommand(file, { game: values.game, bgio: values.bgio, open: openOptions(values) }, io.print, io.warn);
      }
      case 'compare': {
        const [file, replay] = positionals(rest, 2, '<game-file> <replay.json>');
        return await compareCommand(file, replay, { game: values.game, bgio: values.bgio }, io.print, io.warn);
      }
      case 'lint': {
        const [file] = positionals(rest, 1, '<game-file>');
        return await lintCommand(file, { game: values.game, bgio: values.bgio, open: openOptions(values), players: values.players === undefined ? undefined : integer(values.players, 'players', 2, 1) }, io.print, io.warn);
      }
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } catch (error) {
    return reportFailure(error, io);
  }
}

function reportFailure(error: unknown, io: Io): number {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    io.warn(`flowscope: ${(error as Error).message}\n(flowscope --help lists the commands and options)`);
    return 2;
  }
  if (error instanceof GameLoadError || error instanceof GameSelectionError || error instanceof SessionError || error instanceof ReplayError || error instanceof ReleaseError) {
    io.warn(`flowscope: ${error.message}`);
    return 2;
  }
  io.warn(`flowscope: unexpected failure: ${(error as Error)?.stack ?? String(error)}`);
  return 2;
}
