import type { PlayerID } from '../types';

/** What became of an event that game code called. */
export type EventOutcome = 'applied' | 'rejected' | 'dropped';

export interface TracedEvent {
  name: string;
  args: unknown[];
  outcome: EventOutcome;
  /** boardgame.io's reason for a rejection, or why a dropped event never took effect. */
  reason?: string;
  /** An error boardgame.io logged for an event that still took effect (`setPhase` to a missing phase). */
  warning?: string;
}

export type FnKind = 'setup' | 'move' | 'hook' | 'trigger' | 'order';

/** One call of a function from the game config, in the order boardgame.io made them. */
export interface TraceEntry {
  /** Where the function lives in the config, e.g. `phases.draw.turn.onMove`. */
  fn: string;
  kind: FnKind;
  playerID?: PlayerID;
  returned?: unknown;
  threw?: string;
  events: TracedEvent[];
}

export type TransitionType = 'phase-begin' | 'phase-end' | 'turn-begin' | 'turn-end' | 'game-end' | 'stage';

/** A change of phase, turn, stage or game state that happened inside one step. */
export interface Transition {
  type: TransitionType;
  /** Number of trace entries recorded before this transition (its place in the trace). */
  at: number;
  phase: string | null;
  turn: number;
  player?: PlayerID;
  /** For `stage`: the player's slot before and after (`null` = active without a stage, absent = not active). */
  from?: string | null;
  to?: string | null;
  /** True when no event asked for it: an `endIf`, `maxMoves`, a turn order or a phase's `next` did. */
  automatic: boolean;
  cause: string;
  /** It happened inside an action that boardgame.io then refused, so the state never kept it. */
  rolledBack?: boolean;
  /** boardgame.io's loop guard: a phase came round a second time in one step, so it left every phase. */
  loopGuard?: boolean;
}

export interface LogLine {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  text: string;
  /** `boardgame.io` for the framework's own messages, otherwise the traced function that printed it. */
  source: string;
}

export interface StepTrace {
  entries: TraceEntry[];
  transitions: Transition[];
  logs: LogLine[];
}
