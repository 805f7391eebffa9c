/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { CallingConventionName } from './calls';

/**
 * What a release of the phases API (0.33 to 0.50) is made of, and the behaviours in which the
 * releases Flowscope ships differ. Each trait names the release that introduced the newer behaviour;
 * DIFFERENCES.md in this folder lists them with the tests that verify them.
 */

export interface PhasesEraInternals {
  InitializeGame: (opts: { game: any; numPlayers?: number; setupData?: unknown }) => any;
  CreateGameReducer: (opts: { game: any; isClient?: boolean }) => (state: any, action: any) => any;
  ProcessGameConfig: (game: any) => any;
}

export interface ReleaseTraits {
  /** How game functions are called: `(G, ctx, ...args)` up to 0.49, `({ G, ctx, ... }, ...args)` from 0.50.0. */
  calls: CallingConventionName;
  /**
   * The key under which the events API keeps its `Events` instance: `_obj` up to 0.47.0,
   * `_private` from 0.47.1.
   */
  eventsInstanceKey: '_obj' | '_private';
  /**
   * Whether the reducer reports refusals in `transients.error` (0.44.4 on). Before, refusals are
   * logged (or silent) and the state comes back unchanged.
   */
  transients: boolean;
  /**
   * Which turn and phase a queued event is checked against. `action`: the turn and phase the
   * action began in, because the events API is created once per action (up to 0.45). `call`: the
   * turn and phase of the hook or move that called it (0.46.0 on). In the `call` releases Flowscope
   * ships (0.49), the events plugin also refuses events called from the wrong hook (0.47.1) and
   * stops at game over (0.47.6).
   */
  eventContext: 'action' | 'call';
  /** `phases.X.next` may be a function (0.46.2 on); before, only a string is read. */
  phaseNextFunction: boolean;
  /** `turn.moveLimit` (both the minimum and the maximum) up to 0.47, `minMoves`/`maxMoves` from 0.48.0. */
  moveLimits: 'moveLimit' | 'minMaxMoves';
  /**
   * Undo/redo: `0.39` = the turn's start and each move are recorded (not events); undo needs no
   * matching player; a refused undo or redo returns the very same state object.
   * `0.41` = events are recorded too (0.41.0); only the player who acted may undo or redo.
   */
  undo: '0.39' | '0.41';
}

export interface PhasesEraRelease {
  version: string;
  internal: PhasesEraInternals;
  modules: Readonly<Record<string, unknown>>;
  traits: ReleaseTraits;
}
