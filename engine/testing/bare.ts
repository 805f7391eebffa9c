import { CreateGameReducer, InitializeGame } from 'boardgame.io/dist/cjs/internal.js';
import type { BgioState, FlowAction, GameConfig } from '../types';
import { withConsoleTo } from '../runtime/console-capture';
import { cloneGraph } from '../util/clone-graph';

/**
 * Runs actions on boardgame.io's reducer with nothing of ours in between: the reference a
 * session must match. `makeConfig` must return a fresh config (boardgame.io mutates it).
 */
export function runBare(makeConfig: () => GameConfig, numPlayers: number, seed: string, actions: FlowAction[]): StateSnapshot[] {
  return withConsoleTo(null, () => {
    const game = { ...makeConfig(), seed };
    const reducer = CreateGameReducer({ game });
    const initial = InitializeGame({ game, numPlayers });
    const pristine = cloneGraph(initial);
    const states: StateSnapshot[] = [snapshot(initial)];
    let state = initial;
    for (const action of actions) {
      let bgioAction: unknown;
      if (action.type === 'move') bgioAction = { type: 'MAKE_MOVE', payload: { type: action.name, args: action.args, playerID: action.playerID } };
      else if (action.type === 'event') bgioAction = { type: 'GAME_EVENT', payload: { type: action.name, args: action.args, playerID: action.playerID } };
      else if (action.type === 'reset') bgioAction = { type: 'RESET', state: cloneGraph(pristine) };
      else bgioAction = { type: action.type.toUpperCase(), payload: { type: null, args: null, playerID: action.playerID } };
      try {
        const { transients: _t, ...next } = reducer(state, bgioAction);
        state = next;
      } catch {
        // A throwing move leaves the state as it was, as in a session.
      }
      states.push(snapshot(state));
    }
    return states;
  });
}

/** The parts of a state that must match, as plain JSON (taken now: later actions mutate ctx). */
export interface StateSnapshot {
  G: unknown;
  ctx: Record<string, unknown>;
  plugins: unknown;
  _stateID: number;
}

export function snapshot(state: BgioState): StateSnapshot {
  return JSON.parse(JSON.stringify({ G: state.G, ctx: state.ctx, plugins: state.plugins, _stateID: state._stateID }));
}
