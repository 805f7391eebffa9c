import { Session } from '../session/session';
import type { FlowAction, GameConfig } from '../types';
import type { BgioRuntime } from '../runtime/bgio-runtime';
import { flowSnapshot, type FlowSnapshot } from './bare-reducer';

/** A session played step by step, with a snapshot of the state seen after each step. */
export interface Played {
  session: Session;
  /** `stepped[i]`: the state right after step `i` was dispatched (step 0: the game's creation). */
  stepped: FlowSnapshot[];
}

/** Plays `actions` in a new session (a small checkpoint interval, so seeks replay from checkpoints). */
export function play(
  runtime: BgioRuntime,
  config: GameConfig,
  actions: FlowAction[],
  options: { numPlayers?: number; seed?: string; checkpointInterval?: number; setupData?: unknown } = {},
): Played {
  const session = new Session({
    runtime,
    config,
    numPlayers: options.numPlayers ?? 2,
    seed: options.seed ?? 'flowscope',
    setupData: options.setupData,
    checkpointInterval: options.checkpointInterval ?? 3,
  });
  const stepped = [flowSnapshot(session.currentState)];
  for (const action of actions) {
    session.dispatch(action);
    stepped.push(flowSnapshot(session.currentState));
  }
  return { session, stepped };
}

/** Every step's state re-derived by seeking, in an order that defeats the recent-state cache. */
export function seekAll(session: Session): FlowSnapshot[] {
  const out: FlowSnapshot[] = new Array(session.length);
  for (let i = session.lastIndex; i >= 0; i -= 2) out[i] = flowSnapshot(session.stateAt(i));
  for (let i = session.lastIndex - 1; i >= 0; i -= 2) out[i] = flowSnapshot(session.stateAt(i));
  return out;
}

export const move = (name: string, playerID = '0', ...args: unknown[]): FlowAction => ({ type: 'move', name, args, playerID });
export const event = (name: string, playerID = '0', ...args: unknown[]): FlowAction => ({
  type: 'event',
  name: name as any,
  args,
  playerID,
});
