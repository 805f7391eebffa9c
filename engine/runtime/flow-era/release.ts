/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { BgioState } from '../../types';

export type Reducer = (state: BgioState | undefined, action: Record<string, unknown>) => BgioState;

/** What differs between the flow-era releases Flowscope ships. */
export interface FlowRelease {
  /** `0.26.3` */
  version: string;
  /** The release's own `Game`. */
  Game: (spec: any) => any;
  /** Creates the reducer and runs the game's creation (setup, first phase, first turn). */
  start(game: any, numPlayers: number, setupData: unknown): { reducer: Reducer; state: BgioState };
  /** What the release's `RESET` gives back. */
  reset(reducer: Reducer, state: BgioState, initialState: BgioState): BgioState;
  /** `flow.phases`: an array of `{ name, … }` (0.26) or a map by name (0.27 on). */
  phases: 'array' | 'map';
  /**
   * The argument of `endTurn` (and what `endTurnIf` returns) that picks the next player:
   * a playerID (0.26) or `{ next: playerID }` (0.27 on).
   */
  endTurnArg: 'playerID' | 'next';
  /** The argument of `endPhase` (and `endPhaseIf`) that picks the next phase: a name (0.26) or `{ next }` (0.27 on). */
  endPhaseArg: 'name' | 'next';
  /**
   * Where a phase without a chosen next phase goes: the next entry of the array (0.26), or the
   * phase's `next`, else the previous phase (0.27 to 0.32).
   */
  afterPhase: 'round-robin' | 'previous';
  /** How a move says it is invalid: by returning nothing (0.26) or `INVALID_MOVE` (0.27 on). */
  invalidMove: 'undefined' | 'INVALID_MOVE';
  /** Every event the release has (enabled or not). */
  events: readonly string[];
  /** Events the game leaves enabled: what the release's client offers. */
  enabledEvents(flow: any): string[];
}

export const label = (release: FlowRelease): string => `boardgame.io ${release.version}`;
