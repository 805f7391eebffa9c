import type { BgioState, FlowAction } from '../../types';

/** The parts of a flow-era state that must match, as plain JSON (taken now: later actions may mutate). */
export interface FlowSnapshot {
  G: unknown;
  ctx: Record<string, unknown>;
  _stateID: number;
  _undo: unknown;
  _redo: unknown;
}

export function flowSnapshot(state: BgioState): FlowSnapshot {
  return JSON.parse(JSON.stringify({ G: state.G, ctx: state.ctx, _stateID: state._stateID, _undo: state._undo, _redo: state._redo }));
}

/** A FlowAction as the releases' redux action (`RESET` aside, which differs between them). */
export function bareAction(action: Exclude<FlowAction, { type: 'reset' }>): Record<string, unknown> {
  if (action.type === 'move') return { type: 'MAKE_MOVE', payload: { type: action.name, args: action.args, playerID: action.playerID } };
  if (action.type === 'event') return { type: 'GAME_EVENT', payload: { type: action.name, args: action.args, playerID: action.playerID } };
  return { type: action.type.toUpperCase(), payload: { type: null, args: null, playerID: action.playerID } };
}
