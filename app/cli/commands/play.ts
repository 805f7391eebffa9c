import { replayOfGame } from '../../game/replay-of-game';
import { declaredArgumentTypesWhenNeeded } from '../../game/declared-types';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectationOf, formatReplay, RandomPlayer, type ReplayFile } from '../../../engine';
import { writeFailure, writeFileAtomic, unwritableReason } from '../../files/write-atomic';
import { InputError, UsageError } from '../errors';
import { chooseRandom, defaultPlayerCount, dispatchAction, newSession, openGame, type OpenOptions } from '../../game/open-session';

export interface PlayOptions {
  open?: OpenOptions;
  file: string;
  game?: string;
  /** Default: 2, within the game's minPlayers/maxPlayers. */
  players?: number;
  seed: string;
  random: number;
  out?: string;
  setupData: unknown;
  expect: boolean;
  restart: boolean;
  undoRate: number;
  bgio?: string;
}

/** `flowscope play`: K seeded random steps, written as a replay. Returns the exit code. */
export async function play(options: PlayOptions, print: (line: string) => void, warn: (line: string) => void): Promise<number> {
  // Refuse a bad --out before playing, so no played session is ever lost to it.
  const unwritable = options.out === undefined ? null : unwritableReason(options.out);
  if (unwritable) throw new UsageError(`cannot write --out ${options.out}: ${unwritable}`);
  const opened = await openGame(options.file, options.game, options.bgio, undefined, options.open);
  warn(`boardgame.io ${opened.runtime.version}: ${opened.releaseReason}`);
  const players = options.players ?? defaultPlayerCount(opened.game);
  const session = newSession(opened, players, options.seed, options.setupData);
  const player = new RandomPlayer({
    seed: options.seed,
    restartOnGameOver: options.restart,
    undoRate: options.undoRate,
    // Arguments from the moves' declared TypeScript types too, as explore plays them.
    arguments: { declared: declaredArgumentTypesWhenNeeded(opened) },
  });
  let stopped = '';
  while (session.lastIndex < options.random) {
    const action = chooseRandom(player, session);
    if (!action) {
      const ctx = session.steps[session.lastIndex].ctx;
      stopped =
        ctx.gameover !== undefined
          ? `game over after ${session.lastIndex} steps (${JSON.stringify(ctx.gameover)})`
          : `nobody can act after ${session.lastIndex} steps`;
      break;
    }
    dispatchAction(session, action);
  }
  const replayDir = options.out ? path.dirname(path.resolve(options.out)) : process.cwd();
  const replay: ReplayFile = replayOfGame(opened, replayDir, {
    numPlayers: players,
    seed: options.seed,
    gameRandomness: session.gameRandomness,
    setupData: options.setupData ?? null,
    actions: session.actions(),
    ...(options.expect ? { expect: session.steps.map((s) => expectationOf(s.index, s.ok, s.ctx)) } : {}),
  });
  const text = formatReplay(replay);
  const rejected = session.steps.filter((s) => !s.ok).length;
  if (options.out) {
    try {
      writeFileAtomic(options.out, text);
    } catch (error) {
      const rescue = path.join(tmpdir(), `flowscope-replay-${Date.now()}.json`);
      writeFileAtomic(rescue, text);
      throw new InputError(`${writeFailure(options.out, error)}; the replay was saved to ${rescue} instead`);
    }
    warn(`wrote ${options.out}: ${session.lastIndex} steps, ${rejected} rejected${stopped ? `; ${stopped}` : ''}`);
  } else {
    print(text.trimEnd());
    if (stopped) warn(stopped);
  }
  // Refused steps on a guessed release may be the guess's, not the game's.
  if (rejected && opened.releaseGuess) warn(`note: ${opened.releaseGuess}`);
  return 0;
}
