import { isEventName, type FlowAction, type PlayerID } from '../types';

/**
 * The one translation between Flowscope's actions and boardgame.io's redux actions, both ways:
 * `toBgioAction` for running a step, `fromBgioAction` for reading what boardgame.io dispatched or
 * logged (a followed client's actions, a stored match's log, a ready-made action from
 * `ai.enumerate`).
 */

/**
 * A Flowscope action as the redux action boardgame.io's reducers take, in every release.
 * `resetTo` is the state `RESET` brings back; 0.26 takes none and rebuilds its own.
 */
export function toBgioAction(action: FlowAction, resetTo?: unknown): Record<string, unknown> {
  switch (action.type) {
    case 'move':
      return { type: 'MAKE_MOVE', payload: { type: action.name, args: action.args, playerID: action.playerID } };
    case 'event':
      return { type: 'GAME_EVENT', payload: { type: action.name, args: action.args, playerID: action.playerID } };
    case 'undo':
      return { type: 'UNDO', payload: { type: null, args: null, playerID: action.playerID } };
    case 'redo':
      return { type: 'REDO', payload: { type: null, args: null, playerID: action.playerID } };
    case 'reset':
      return resetTo === undefined ? { type: 'RESET' } : { type: 'RESET', state: resetTo };
  }
}

/** The redux action types a boardgame.io client dispatches that Flowscope replays. */
export const BGIO_ACTION_TYPES = ['MAKE_MOVE', 'GAME_EVENT', 'UNDO', 'REDO', 'RESET'] as const;

/** How `fromBgioAction` reads an action. */
export interface FromBgioOptions {
  /** The player when the action names none (boardgame.io logs an event without its player). */
  player: PlayerID;
  /**
   * The action is a log entry's. boardgame.io logs an event from inside its flow with the event's
   * argument, not the client's argument list: `setPhase('B')` as `endPhase({ next: 'B' })` and
   * `setStage('T')` by a player already in a stage as `endStage('T')`. A log never holds `RESET`,
   * which only resets a client's store.
   */
  logged?: boolean;
}

/** What `fromBgioAction` read: the action (`playerKnown` false when `player` stood in), or why there is none. */
export type BgioActionReading =
  | { ok: true; action: FlowAction; playerKnown: boolean; note?: string }
  | { ok: false; kind: 'unknown-event' | 'unsupported'; message: string };

/**
 * A boardgame.io redux action (`{ type, payload: { type, args, playerID } }`, or a log entry's
 * `action`) as a Flowscope action. Never throws: anything else is an `ok: false` reading.
 *
 * @example fromBgioAction({ type: 'MAKE_MOVE', payload: { type: 'play', args: 3, playerID: '1' } }, { player: '0' })
 * // { ok: true, action: { type: 'move', name: 'play', args: [3], playerID: '1' }, playerKnown: true }
 */
export function fromBgioAction(action: unknown, options: FromBgioOptions): BgioActionReading {
  const { type, payload } = (action ?? {}) as { type?: unknown; payload?: { type?: unknown; args?: unknown; playerID?: unknown } | null };
  if (typeof action !== 'object' || action === null || Array.isArray(action) || typeof type !== 'string')
    return { ok: false, kind: 'unsupported', message: `expected a boardgame.io action { type, payload }, got ${kindOf(action)}` };
  const playerKnown = typeof payload?.playerID === 'string';
  const playerID = playerKnown ? (payload!.playerID as PlayerID) : options.player;
  const name = String(payload?.type ?? '');
  const args = payload?.args;
  const read = (action: FlowAction, note?: string): BgioActionReading => ({ ok: true, action, playerKnown, ...(note ? { note } : {}) });
  switch (type) {
    case 'MAKE_MOVE':
      return read({ type: 'move', name, args: argList(args), playerID });
    case 'GAME_EVENT':
      if (options.logged && name === 'endPhase' && args && typeof args === 'object' && 'next' in args)
        return read({ type: 'event', name: 'setPhase', args: [(args as { next: unknown }).next], playerID });
      if (options.logged && name === 'endStage' && args !== undefined && args !== null)
        return read(
          { type: 'event', name: 'setStage', args: argList(args), playerID },
          `logged as endStage(${JSON.stringify(args)}): replayed as setStage(${JSON.stringify(args)})`,
        );
      if (!isEventName(name)) return { ok: false, kind: 'unknown-event', message: `unknown event ${JSON.stringify(name)}` };
      return read({ type: 'event', name, args: argList(args), playerID });
    case 'UNDO':
      return read({ type: 'undo', playerID });
    case 'REDO':
      return read({ type: 'redo', playerID });
    case 'RESET':
      if (!options.logged) return read({ type: 'reset' });
  }
  return { ok: false, kind: 'unsupported', message: `a ${JSON.stringify(type)} action Flowscope cannot replay` };
}

/** boardgame.io spreads an array of arguments into the move or event, and passes anything else as the one argument. */
function argList(args: unknown): unknown[] {
  return Array.isArray(args) ? args : args === undefined || args === null ? [] : [args];
}

// Not schema/issues' kindOf: the runtime sits below the schemas.
function kindOf(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object without a string type' : `a ${typeof value}`;
}
