/* eslint-disable @typescript-eslint/no-explicit-any -- game state is the user's data, of any shape. */
import type { ApiEra } from '../../runtime/bgio-runtime';
import type { BgioState, PlayerID } from '../../types';
import { cloneGraph } from '../../util/clone-graph';
import { recordingProxy, emptyReads, type Reads } from './recording-proxy';

/** How a direct run of a move ended. */
export interface MoveRun {
  reads: Reads;
  threw: unknown;
  /** The move returned boardgame.io's `INVALID_MOVE`. */
  invalid: boolean;
}

/** Told as game code starts and stops, so a watchdog can name a move that never returns. */
export interface GameCodeWatch {
  onGameCode?: (fn: string) => void;
  onGameCodeDone?: () => void;
}

const doNothing = new Proxy(() => undefined, { get: () => doNothing, apply: () => undefined });
// Randomness in a probe run: the first of what is offered, or the lowest value.
const firstOrOne: any = new Proxy(() => 1, {
  get: (_, key) => (key === 'Shuffle' ? (list: unknown) => list : key === 'Number' ? () => 0.5 : firstOrOne),
  apply: () => 1,
});

/**
 * Runs the move function `fn` (config path `path`) on a private copy of `state` for `playerID`
 * with `args`, as boardgame.io would call it on `era`, recording what it reads from `G` and `ctx`.
 * Events and randomness are stand-ins; nothing the run does reaches the session.
 */
export function runMoveOnCopy(
  fn: (...args: any[]) => unknown,
  path: string,
  era: ApiEra,
  state: BgioState,
  playerID: PlayerID,
  args: unknown[],
  watch: GameCodeWatch,
  onKey?: Parameters<typeof recordingProxy>[2],
): MoveRun {
  const reads = emptyReads();
  const G = recordingProxy({ G: cloneGraph(state.G) }, reads, onKey) as { G: unknown };
  const plainCtx = cloneGraph(state.ctx);
  const ctx = recordingProxy(
    era === 'context' ? plainCtx : { ...plainCtx, playerID, events: doNothing, random: firstOrOne },
    reads,
    onKey,
  ) as Record<string, unknown>;
  const lead = era === 'context' ? [{ G: G.G, ctx, playerID, events: doNothing, random: firstOrOne, log: doNothing }] : [G.G, ctx];
  watch.onGameCode?.(`${path} (finding its arguments)`);
  try {
    const returned = fn(...lead, ...args);
    return { reads, threw: undefined, invalid: returned === 'INVALID_MOVE' };
  } catch (error) {
    return { reads, threw: error ?? new Error('threw'), invalid: false };
  } finally {
    watch.onGameCodeDone?.();
  }
}
