import { parseArgs } from 'node:util';
import { GameSelectionError, ReplayError, SessionError } from '../../engine';
import { GameLoadError } from '../load/load-game-file';
import { chartCommand } from './commands/chart';
import { checkCommand } from './commands/check';
import { play } from './commands/play';
import { replayCommand } from './commands/replay';
import { UsageError } from './errors';

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

options for every command:
  --timeout S   stop game code that makes no progress for S seconds (default 10)

exit codes: 0 ok, 1 a replay diverged, 2 a bad game file, replay or command line, or game code that hung`;

export interface Io {
  print(line: string): void;
  warn(line: string): void;
}

const OPTIONS = {
  game: { type: 'string' },
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
            players: integer(values.players, 'players', 2, 1),
            seed: values.seed ?? Math.random().toString(36).slice(2, 10),
            random: integer(values.random, 'random', 100, 0),
            out: values.out,
            setupData: json(values['setup-data'], 'setup-data'),
            expect: !values['no-expect'],
            restart: !!values.restart,
            undoRate,
          },
          io.print,
          io.warn,
        );
      }
      case 'replay': {
        const [file, replay] = positionals(rest, 2, '<game-file> <replay.json>');
        return await replayCommand(file, replay, { json: !!values.json, game: values.game }, io.print, io.warn);
      }
      case 'check': {
        const [file, replay] = positionals(rest, 2, '<game-file> <replay.json>');
        return await checkCommand(file, replay, { game: values.game }, io.print, io.warn);
      }
      case 'chart': {
        const [file] = positionals(rest, 1, '<game-file>');
        return await chartCommand(file, { game: values.game, players: integer(values.players, 'players', 2, 1), format: values.format ?? 'json' }, io.print);
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
    io.warn(`flowscope: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (error instanceof GameLoadError || error instanceof GameSelectionError || error instanceof SessionError || error instanceof ReplayError) {
    io.warn(`flowscope: ${error.message}`);
    return 2;
  }
  io.warn(`flowscope: unexpected failure: ${(error as Error)?.stack ?? String(error)}`);
  return 2;
}
