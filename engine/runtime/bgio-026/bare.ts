import { CreateGameReducer, Game } from 'bgio-0.26/dist/core.js';
import type { FlowAction, GameConfig } from '../../types';
import { withConsoleTo } from '../console-capture';
import { bareAction, flowSnapshot, type FlowSnapshot } from '../flow-era/snapshot';

/**
 * Runs actions on boardgame.io 0.26.3's own `Game` and reducer with nothing of ours in between:
 * the reference a session must match. In 0.26 `CreateGameReducer({ game, numPlayers })` builds
 * the initial state itself (its default state) and `RESET` returns it.
 */
export function runBare026(makeSpec: () => GameConfig, numPlayers: number, seed: string, actions: FlowAction[]): FlowSnapshot[] {
  return withConsoleTo(null, () => {
    const game = Game({ ...makeSpec(), seed });
    const reducer = CreateGameReducer({ game, numPlayers });
    let state = reducer(undefined, { type: '@@bare/INIT' });
    const states = [flowSnapshot(state)];
    for (const action of actions) {
      const bgioAction = action.type === 'reset' ? { type: 'RESET' } : bareAction(action);
      try {
        state = reducer(state, bgioAction);
      } catch {
        // A throwing move leaves the state as it was, as in a session.
      }
      states.push(flowSnapshot(state));
    }
    return states;
  });
}
