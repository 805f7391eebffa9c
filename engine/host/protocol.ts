/**
 * The one typed interface between the UI and whatever runs sessions (the browser-mode server over
 * a WebSocket, or Electron's main process over IPC). The renderer only sends commands; the host
 * holds the truth.
 */
import type { ChartModel } from '../chart/model';
import type { ChartValue } from '../chart/projection';
import type { Diagnostic } from '../session/diagnostics';
import type { StepTrace } from '../trace/types';
import type { ActionError, FlowAction, FlowCtx, PlayerID } from '../types';
import type { DiffEntry } from '../util/diff';
import type { Divergence } from '../session/compare';

export type { ActionError, FlowAction, FlowCtx, PlayerID } from '../types';
export type { ChartModel, ChartEdge, ChartPhase, ChartStage, ChartTurn } from '../chart/model';
export type { ChartValue, Slot } from '../chart/projection';
export type { Diagnostic } from '../session/diagnostics';
export type { StepTrace, TraceEntry, TracedEvent, Transition, LogLine } from '../trace/types';
export type { DiffEntry } from '../util/diff';
export type { Divergence } from '../session/compare';

export interface LintFindingView {
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  path?: string;
}

export interface GameEntry {
  /** What `open` takes: a fixture name or an absolute file path. */
  id: string;
  label: string;
  description?: string;
  kind: 'fixture' | 'file';
}

export interface SessionView {
  game: { name: string; file: string; exportName: string; bgio: string; sha256: string; inputs: string[]; bgioReason: string };
  /** The releases the user may pick instead. */
  releases: string[];
  /** Other games exported by the same file. */
  otherGames: string[];
  numPlayers: number;
  seed: string;
  setupData: unknown;
  /** Number of steps, step 0 included. */
  length: number;
  players: PlayerID[];
  chart: ChartModel;
  lint: LintFindingView[];
  enabledEvents: string[];
  phases: string[];
  /** minPlayers/maxPlayers of the game, for the new-session form. */
  playerRange: { min?: number; max?: number };
}

export interface StepSummary {
  index: number;
  action: FlowAction | null;
  ok: boolean;
  error: ActionError | null;
  ctx: FlowCtx;
  /** One sentence: why the flow moved (or why the action was refused). */
  explanation: string;
  /** Flow transitions that took effect, for the log's markers. */
  transitions: { type: string; phase: string | null; player?: PlayerID; cause: string; automatic: boolean }[];
  /** Number of error and warning diagnostics. */
  problems: { errors: number; warnings: number };
  chart: ChartValue;
}

export interface StepDetail extends StepSummary {
  trace: StepTrace;
  diagnostics: Diagnostic[];
  G: unknown;
  /** The full boardgame.io ctx (including its underscore fields). */
  fullCtx: Record<string, unknown>;
  diff: { G: DiffEntry[]; ctx: DiffEntry[] };
  /** For each player: the moves boardgame.io would accept from it now. */
  available: Record<PlayerID, string[]>;
  /** Stage names of the turn in force now (for setStage / setActivePlayers editors). */
  stages: string[];
}

/** The outcome of reloading the game after its code changed. */
export type ReloadResult =
  | { ok: true; view: SessionView; replayed: number; divergence: Divergence | null }
  | { ok: false; error: string };

export interface OpenRequest {
  /** A fixture name or a game file path. */
  game: string;
  /** Which export, when the file has several games. */
  exportName?: string;
  /** Run on this boardgame.io release instead of the one detected. */
  bgio?: string;
  numPlayers?: number;
  seed?: string;
  setupData?: unknown;
  /** Where the game is kept in the module when it is not an export: `example.game`. */
  gamePath?: string;
  /** The export (or `gamePath`) is a factory: call it with these arguments. */
  factoryArgs?: unknown[];
  /** Packages to replace with an empty module when bundling. */
  stubModules?: string[];
}

/** Commands the UI may send, and what each answers. */
export interface HostApi {
  listGames(): Promise<GameEntry[]>;
  open(request: OpenRequest): Promise<SessionView>;
  /** A fresh session of the current game. */
  restart(options: { numPlayers: number; seed: string; setupData?: unknown }): Promise<SessionView>;
  view(): Promise<SessionView | null>;
  /** Dispatches after step `at` (default: the last), discarding later steps when `at` is in the past. */
  dispatch(action: FlowAction, at?: number): Promise<StepSummary>;
  /** Plays `count` random steps (progress arrives as `progress` events). */
  random(count: number): Promise<StepSummary[]>;
  steps(from: number, to: number): Promise<StepSummary[]>;
  step(index: number): Promise<StepDetail>;
  exportReplay(): Promise<string>;
  openReplay(text: string, replayPath?: string): Promise<SessionView>;
  /** Re-bundles the game, replays the session's actions on the new code, reports the first difference. */
  reload(): Promise<ReloadResult>;
}

export type HostMethod = keyof HostApi;

/** Pushed by the host without a request. */
export type HostEvent =
  | { type: 'progress'; done: number; total: number }
  | { type: 'session'; view: SessionView }
  | { type: 'stalled'; message: string }
  | { type: 'reloaded'; result: ReloadResult };

/** The wire format of one request and its answer. */
export interface HostRequestMessage {
  id: number;
  method: HostMethod;
  params: unknown[];
}
export type HostResponseMessage = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: { name: string; message: string } };
export type HostServerMessage = HostResponseMessage | { event: HostEvent };

export const HOST_METHODS: readonly HostMethod[] = ['listGames', 'open', 'restart', 'view', 'dispatch', 'random', 'steps', 'step', 'exportReplay', 'openReplay', 'reload'];

/** Pure helpers a user interface needs to read the messages above (the renderer imports engine values only from here). */
export { EVENT_NAMES, isEventName, type EventName } from '../types';
export { formatPath } from '../util/diff';
