import type { BgioState, FlowAction, GameConfig } from '../../types';
import { withConsoleTo } from '../console-capture';
import { cloneGraph } from '../../util/clone-graph';
import type { PhasesEraInternals } from './release';
import { toBgioAction } from './runtime';

/**
 * Runs actions on a `(G, ctx)` release's reducer with nothing of Flowscope's in between: the
 * reference a session on that release must match. `makeConfig` must return a fresh config (the
 * release mutates it). A throwing action leaves the state as it was, as in a session.
 */
export function runBarePhasesEra(
  internal: PhasesEraInternals,
  makeConfig: () => GameConfig,
  numPlayers: number,
  seed: string,
  actions: FlowAction[],
  setupData?: unknown,
): StateSnapshot[] {
  return withConsoleTo(null, () => {
    const game = { ...makeConfig(), seed };
    const reducer = internal.CreateGameReducer({ game });
    const initial = internal.InitializeGame({ game, numPlayers, setupData });
    const pristine = cloneGraph(initial);
    const states: StateSnapshot[] = [snapshot(initial)];
    let state = initial;
    for (const action of actions) {
      try {
        const { transients: _t, ...next } = reducer(state, toBgioAction(action, cloneGraph(pristine)));
        state = next;
      } catch {
        // A throwing action leaves the state as it was, as in a session.
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
