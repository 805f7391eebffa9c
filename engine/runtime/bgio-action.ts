import type { FlowAction } from '../types';

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
