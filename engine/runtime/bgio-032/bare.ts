import { CreateGameReducer, Game, InitializeGame } from 'bgio-0.32/dist/core.js';
import type { FlowAction, GameConfig } from '../../types';
import { cloneGraph } from '../../util/clone-graph';
import { withConsoleTo } from '../console-capture';
import { bareAction, flowSnapshot, type FlowSnapshot } from '../flow-era/snapshot';

/**
 * Runs actions on boardgame.io 0.32.1's own `Game` and reducer with nothing of ours in between:
 * the reference a session must match. `makeSpec` must return a fresh spec (`Game` mutates it).
 */
export function runBare032(makeSpec: () => GameConfig, numPlayers: number, seed: string, actions: FlowAction[], setupData?: unknown): FlowSnapshot[] {
  return withConsoleTo(null, () => {
    const game = Game({ ...makeSpec(), seed });
    const reducer = CreateGameReducer({ game });
    const initial = InitializeGame({ game, numPlayers, setupData });
    const pristine = cloneGraph(initial);
    const states = [flowSnapshot(initial)];
    let state = initial;
    for (const action of actions) {
      const bgioAction = action.type === 'reset' ? { type: 'RESET', state: cloneGraph(pristine) } : bareAction(action);
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
