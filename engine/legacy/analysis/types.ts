import type { GameConfig } from '../../types';

/** A legacy API feature `detectLegacy` reports (docs/migration.md has one section each). */
export type LegacyFeature =
  | 'game-wrapper'
  | 'flow'
  | 'startingPhase'
  | 'allowedMoves'
  | 'endPhaseIf'
  | 'endPhaseIf-next'
  | 'onPhaseBegin'
  | 'onPhaseEnd'
  | 'endTurnIf'
  | 'endTurnIf-player'
  | 'endTurnIf-next'
  | 'endGameIf'
  | 'onTurnBegin'
  | 'onTurnEnd'
  | 'onMove'
  | 'movesPerTurn'
  | 'moveLimit'
  | 'turnOrder'
  | 'turnOrder-position-object'
  | 'turnOrder-actionPlayers'
  | 'TurnOrder.ANY'
  | 'TurnOrder-preset'
  | 'actionPlayers'
  | 'changeActionPlayers'
  | 'setActionPlayers'
  | 'endPhase-next'
  | 'endTurn-player'
  | 'default-phase'
  | 'phases-array'
  | 'g-ctx-signature'
  | 'ctx.events'
  | 'ctx.random'
  | 'ctx.playerID'
  | 'ctx.log'
  | 'legacy-ctx-field'
  | 'undoableMoves'
  | 'redactedMoves'
  | 'optimisticUpdate'
  | 'flow-events'
  | 'legacy-plugins';

export interface LegacyFinding {
  feature: LegacyFeature;
  /** Where in the config as written (`flow.phases.draw.endPhaseIf`, `flow.phases[0]`, `moves.drawCard`). */
  path: string;
  /** One sentence: what was found and what it is in 0.50. */
  message: string;
  /** The release that changed or removed it (`0.33`, `0.27`, `0.50`). */
  changedIn: string;
}

export type MigrationSeverity = 'info' | 'decision';

export interface MigrationNote {
  /** `decision`: the migration could not decide for you; `migrateSource` puts a `// FLOWSCOPE: decide …` comment there. */
  severity: MigrationSeverity;
  /** Where in the legacy config. */
  path: string;
  /** Where in the migrated config (when it has a place there). */
  to?: string;
  feature?: LegacyFeature;
  message: string;
}

export interface MigrationResult {
  /** A boardgame.io 0.50 game config object: run it with the 0.50.2 runtime. */
  config: GameConfig;
  notes: MigrationNote[];
}

/**
 * The API era of a config: the `flow` section (≤0.26 with phase arrays and `{ playOrderPos,
 * actionPlayers }`; 0.27–0.32 with phase maps and `{ next }`), 0.33–0.49 (today's shape with
 * `(G, ctx)` functions), or 0.50 (the context object).
 */
export type LegacyEra = 'flow-0.26' | 'flow-0.32' | 'g-ctx' | 'context';

export interface LegacyOptions {
  /** The release the config was written for (`0.26.3`, `^0.32.0`); inferred from its shape when absent. */
  release?: string;
  /** The `TurnOrder` presets of that release, to name the ones the config uses (by identity). */
  turnOrders?: Record<string, unknown>;
  /** The `PlayerView` of that release (`STRIP_SECRETS`), kept as 0.50's when the config uses it (by identity). */
  playerViews?: Record<string, unknown>;
}
