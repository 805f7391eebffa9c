import type { EventSetting, ExploreOptions, RunOutcome } from '../../engine';
import { describeGameEnded } from '../host/game-ended';
import type { WatchedResult } from '../host/watched-worker';
import type { OpenOptions } from '../game/open-session';

/** The game an explore worker loads when it starts. */
export interface ExploreLoad {
  file: string;
  game?: string;
  bgio?: string;
  /** Where the game is in its project, as the command line said. */
  open?: OpenOptions;
  setupData: unknown;
}

/**
 * Argument lists seen in recorded play, the `--args` module (each worker loads it), the events
 * sent, and whether to read the moves' declared TypeScript types (each worker reads them, when a
 * move first needs them).
 */
export interface ExplorePlay {
  recorded?: Record<string, unknown[][]>;
  argsFile?: string;
  events?: EventSetting;
  declaredTypes?: boolean;
}

/** The game and how to play it; the runs themselves are handed out in batches (`ExploreOrder`). */
export interface ExploreJob extends ExploreLoad {
  numPlayers: number;
  options: Omit<ExploreOptions, 'onProgress'>;
  play?: ExplorePlay;
}

/** What an explore worker is told: how to play (once, after it has loaded), the next runs, or that there are none. */
export type ExploreOrder =
  ({ type: 'setup' } & Pick<ExploreJob, 'numPlayers' | 'options' | 'play'>) | { type: 'runs'; runs: number[] } | { type: 'finish' };

/**
 * The explore worker's own messages (besides the watched worker's `doing`, `fn` and `done`): the
 * game is loaded, a finished run, a request for runs (after the setup and after each batch), a failure.
 */
export type ExploreWorkerMessage =
  { type: 'loaded' } | { type: 'run'; outcome: RunOutcome } | { type: 'idle' } | { type: 'failed'; name: string; message: string };

/** Game code in one run made no progress for the time allowed. */
export class ExploreStallError extends Error {
  constructor(
    readonly doing: string,
    readonly fn: string | null,
    readonly seconds: number,
  ) {
    super(`stopped after ${seconds} s without progress while ${doing}${fn ? `, inside ${fn}` : ''}`);
    this.name = 'ExploreStallError';
  }
}

/** A worker could not load the game (the message says why). */
export class ExploreWorkerError extends Error {
  constructor(
    readonly original: string,
    message: string,
  ) {
    super(message);
    this.name = 'ExploreWorkerError';
  }
}

/** The error for a worker that game code ended (`process.exit()`, out of memory), or null. */
export function workerEndedError(result: WatchedResult): Error | null {
  if ('stalled' in result) return new ExploreStallError(result.stalled.doing, result.stalled.fn, result.stalled.seconds);
  if ('ended' in result) return new ExploreWorkerError('GameEnded', describeGameEnded(result.ended));
  return null;
}
