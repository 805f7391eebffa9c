import { CreateGameReducer as CreateGameReducer050, InitializeGame as InitializeGame050 } from 'boardgame.io/dist/cjs/internal.js';
import { CreateGameReducer as CreateGameReducer026, Game as Game026 } from 'bgio-0.26/dist/core.js';
import { CreateGameReducer as CreateGameReducer032, Game as Game032, InitializeGame as InitializeGame032 } from 'bgio-0.32/dist/core.js';
import type { BgioState, FlowAction, GameConfig } from '../types';
import { toBgioAction } from '../runtime/bgio-action';
import { withConsoleTo } from '../runtime/console-capture';
import type { PhasesEraInternals } from '../runtime/phases-era/release';
import { cloneGraph } from '../util/clone-graph';

type Reducer = (state: any, action: unknown) => any;

/** A release's reducer and initial state for one game, with nothing of Flowscope's in between. */
export interface BareStart {
  reducer: Reducer;
  initial: BgioState;
  /** The state `RESET` brings back, or undefined where the release rebuilds its own (0.26). */
  resetTo(): unknown;
}

/**
 * Runs actions on a release's own reducer: the reference a session must match. A throwing action
 * leaves the state as it was, as in a session; `snapshot` is taken after every action.
 */
export function runBareReducer<S>(start: () => BareStart, actions: readonly FlowAction[], snapshot: (state: BgioState) => S): S[] {
  return withConsoleTo(null, () => {
    const bare = start();
    const states = [snapshot(bare.initial)];
    let state = bare.initial;
    for (const action of actions) {
      try {
        state = bareStep(bare, state, action);
      } catch {
        // A throwing action leaves the state as it was, as in a session.
      }
      states.push(snapshot(state));
    }
    return states;
  });
}

/** One action on the bare reducer (it may throw, as game code does). */
export function bareStep(bare: BareStart, state: BgioState, action: FlowAction): BgioState {
  const { transients: _t, ...next } = bare.reducer(state, toBgioAction(action, action.type === 'reset' ? bare.resetTo() : undefined));
  return next as BgioState;
}

/** A release of the phases API (0.39 to 0.50) started on a fresh config (the release mutates it). */
export function phasesStart(
  internal: PhasesEraInternals,
  makeConfig: () => GameConfig,
  numPlayers: number,
  seed: string,
  setupData?: unknown,
) {
  return (): BareStart => {
    const game = { ...makeConfig(), seed };
    const initial = internal.InitializeGame({ game, numPlayers, setupData });
    const pristine = cloneGraph(initial);
    return { reducer: internal.CreateGameReducer({ game }), initial, resetTo: () => cloneGraph(pristine) };
  };
}

/** The state a phases-API session must match, as plain JSON (taken now: later actions mutate ctx). */
export interface StateSnapshot {
  G: unknown;
  ctx: Record<string, unknown>;
  plugins: unknown;
  _stateID: number;
}

export function snapshot(state: BgioState): StateSnapshot {
  return JSON.parse(JSON.stringify({ G: state.G, ctx: state.ctx, plugins: state.plugins, _stateID: state._stateID }));
}

/** The parts of a flow-API state (0.32 and older) that must match, as plain JSON. */
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

export const INTERNAL_050 = { CreateGameReducer: CreateGameReducer050, InitializeGame: InitializeGame050 } as PhasesEraInternals;

/** boardgame.io 0.50.2. */
export function runBare(
  makeConfig: () => GameConfig,
  numPlayers: number,
  seed: string,
  actions: FlowAction[],
  setupData?: unknown,
): StateSnapshot[] {
  return runBareReducer(phasesStart(INTERNAL_050, makeConfig, numPlayers, seed, setupData), actions, snapshot);
}

/** A `(G, ctx)` release, given its internals. */
export function runBarePhasesEra(
  internal: PhasesEraInternals,
  makeConfig: () => GameConfig,
  numPlayers: number,
  seed: string,
  actions: FlowAction[],
  setupData?: unknown,
): StateSnapshot[] {
  return runBareReducer(phasesStart(internal, makeConfig, numPlayers, seed, setupData), actions, snapshot);
}

/** boardgame.io 0.32.1's own `Game` and reducer. `makeSpec` must return a fresh spec (`Game` mutates it). */
export function flow032Start(makeSpec: () => GameConfig, numPlayers: number, seed: string, setupData?: unknown) {
  return (): BareStart => {
    const game = Game032({ ...makeSpec(), seed });
    const initial = InitializeGame032({ game, numPlayers, setupData });
    const pristine = cloneGraph(initial);
    return { reducer: CreateGameReducer032({ game }), initial, resetTo: () => cloneGraph(pristine) };
  };
}

export function runBare032(
  makeSpec: () => GameConfig,
  numPlayers: number,
  seed: string,
  actions: FlowAction[],
  setupData?: unknown,
): FlowSnapshot[] {
  return runBareReducer(flow032Start(makeSpec, numPlayers, seed, setupData), actions, flowSnapshot);
}

/**
 * boardgame.io 0.26.3's own `Game` and reducer: `CreateGameReducer({ game, numPlayers })` builds
 * the initial state itself (its default state) and `RESET` returns it.
 */
export function flow026Start(makeSpec: () => GameConfig, numPlayers: number, seed: string) {
  return (): BareStart => {
    const game = Game026({ ...makeSpec(), seed });
    const reducer = CreateGameReducer026({ game, numPlayers });
    return { reducer, initial: reducer(undefined, { type: '@@bare/INIT' }), resetTo: () => undefined };
  };
}

export function runBare026(makeSpec: () => GameConfig, numPlayers: number, seed: string, actions: FlowAction[]): FlowSnapshot[] {
  return runBareReducer(flow026Start(makeSpec, numPlayers, seed), actions, flowSnapshot);
}
