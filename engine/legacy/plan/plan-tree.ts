/* eslint-disable @typescript-eslint/no-explicit-any -- legacy functions are the user's own JavaScript, called with whatever their release passed. */
/**
 * The migration plan's shape: the 0.50 config as a tree that knows where each part came from, so
 * that `migrateConfig` can build the runnable object and `migrateSource` the source text from the
 * same decisions.
 */
import type { Role } from '../analysis/config-functions';
import type { LegacyEra, MigrationNote } from '../analysis/types';
import type { PendingActionPlayers, PhaseEntry, WrapEnv } from '../adapters/wrap';
import type { GameConfig } from '../../types';

export type Fn = (...args: any[]) => unknown;

export const isFn = (v: unknown): v is Fn => typeof v === 'function';

/** boardgame.io 0.50's `TurnOrder` and `ActivePlayers` presets, by name. */
export interface Core050 {
  TurnOrder: Record<string, unknown>;
  ActivePlayers: Record<string, unknown>;
  PlayerView: Record<string, unknown>;
}

export type AdaptSpec =
  | { kind: 'endTurnIf' }
  | { kind: 'endPhaseIf' }
  | { kind: 'position'; pending: PendingActionPlayers; sectionValue?: Fn }
  | { kind: 'move-0.26' };

export type Node =
  | { t: 'obj'; entries: Entry[] }
  | { t: 'lit'; value: unknown }
  /** A value kept as written, at legacy path `from`. */
  | { t: 'keep'; value: unknown; from: string }
  /** A config function (wrapped when `legacy`), written at legacy path `from`. */
  | { t: 'fn'; fn: Fn; role: Role; legacy: boolean; from: string; adapt?: AdaptSpec }
  /** A 0.50 export (`TurnOrder.CONTINUE`). */
  | { t: 'ref'; code: string; value: unknown; imports: string[] }
  /** Code Flowscope writes (a turn order that keeps the turn). */
  | { t: 'code'; code: string; value: unknown; imports?: string[] }
  | { t: 'guarded'; name: string; move: Node; allowed: Node }
  | { t: 'endGameSwitch'; byPhase: [string, Node][]; fallback?: Node }
  /** `turn.onBegin` with what Flowscope adds: the turn order's active players, the legacy `endTurnIf` check after a phase change. */
  | { t: 'turnBegin'; hook?: Node; pending?: PendingActionPlayers; recheck?: { entry: PhaseEntry; endIf: Node } }
  /** A phase `onBegin` / `onEnd` that also tells `entry` the phase began / ended (see `PhaseEntry`). */
  | { t: 'phaseHook'; which: 'begin' | 'end'; hook?: Node; entry: PhaseEntry }
  /** A phase `endIf` that waits for the phase's `onBegin`, as ≤0.32 did. */
  | { t: 'phaseEndIf'; endIf: Node; entry: PhaseEntry }
  | { t: 'longMove'; move: Node; undoable?: boolean; redact?: boolean };

export interface Entry {
  key: string;
  node: Node;
  /** Where in the migrated config. */
  path: string;
}

export interface Plan {
  era: LegacyEra;
  env: WrapEnv;
  root: Node & { t: 'obj' };
  notes: MigrationNote[];
  /** The spec as written (recorded `Game()` argument, or the config). */
  spec: GameConfig;
  /** Whether anything changes at all. */
  changed: boolean;
}
