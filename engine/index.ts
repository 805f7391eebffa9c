/**
 * Flowscope's engine: runs boardgame.io games on boardgame.io's own reducer and records a
 * truthful, step-by-step trace. Pure TypeScript: no DOM, Node, Electron or React.
 */
export * from './types';
export type { BgioCopy, BgioRuntime, RuntimeGame, ReduceResult } from './runtime/bgio-runtime';
export { bgio050 } from './runtime/bgio-050/bgio050-runtime';
export { TraceRecorder } from './trace/recorder';
export type * from './trace/types';
export { describeAction, describeCall } from './trace/describe';
export { Session, SessionError, type SessionOptions, type StepRecord } from './session/session';
export type { Diagnostic, Severity } from './session/diagnostics';
export { enumeratedActions, RandomPlayer, type RandomPlayerOptions } from './random/random-player';
export { createPrng } from './util/prng';
export { findGames, selectGame, looksLikeGame, GameSelectionError, type FoundGame } from './load/find-games';
export { gameAt, type GameLocation } from './load/game-at';
export * from './replay/replay-file';
export { checkExpectations, type Mismatch } from './replay/check';
export { phaseNames, stageNames, turnConfigOf } from './config/config-queries';
export { deepEqual, toPlain } from './util/plain';
export { cloneGraph } from './util/clone-graph';
export {
  normaliseConfig,
  namesMentioned,
  type NormalGame,
  type NormalPhase,
  type NormalTurn,
  type NormalStage,
  type ConfigFunction,
} from './config/normalise';
export { describeTurnOrder, type TurnOrderInfo } from './config/turn-order-info';
export { giveNameScope, nameScopeOf, type NameScope } from './lint/name-scope';
export * from './chart/model';
export { projectCtx, slotOf, type ChartValue, type Slot } from './chart/projection';
export { chartMachineConfig, createChartMachine } from './chart/machine';
export { ChartActor } from './chart/chart-actor';
export { chartOf } from './chart/build';
export { chartToMermaid } from './chart/mermaid';
export { diffValues, formatPath, type DiffEntry, type DiffKind } from './util/diff';
export { explainStep } from './session/explain';
export * from './host/protocol';
export { lintConfig, LINT_CODES, type LintFinding, type LintSeverity } from './lint/lint';
export { firstDivergence, comparableSteps, type ComparableStep, type Divergence } from './session/compare';
export {
  RUNTIMES,
  DEFAULT_RUNTIME,
  loadRuntime,
  registerRuntime,
  closestRuntime,
  runtimeByVersion,
  resolveRange,
  generationOf,
  GENERATION_LABEL,
  type ApiGeneration,
  type RangeResolution,
  type ShippedRelease,
} from './runtime/registry';
export type { ApiEra } from './runtime/bgio-runtime';
export {
  Entropy,
  activeEntropy,
  describeUse,
  type EntropyApi,
  type EntropyStep,
  type EntropyUse,
  type GameRandomness,
} from './session/entropy';
export { findNondeterminism, nondeterministicSources, type Nondeterminism } from './session/determinism';
export { lintForRelease } from './lint/for-release';
export { BGIO_ACTION_TYPES, fromBgioAction, type BgioActionReading, type FromBgioOptions } from './runtime/bgio-action';
export {
  MatchLogReader,
  likelyPlayer,
  playerIsAmbiguous,
  type MatchLogEntry,
  type LogGap,
  type LogGapKind,
  type LoggedAction,
} from './import/match-log';
export {
  replayMatch,
  seedOf,
  stateDifference,
  type MatchRecord,
  type StoredState,
  type ImportedMatch,
  type PlacedGap,
  type StateDifference,
  type StateView,
} from './import/replay-match';
export { matchRecordSchema, readMatchRecord } from './import/match-record-schema';
export { readFlowCtx } from './runtime/read-ctx';
export { lintGameFiles } from './lint/rules/nondeterministic';
export * from './lesson/index';
export { unmetFields } from './replay/check';
export * from './explore/index';
export { testFileFor, type TestFileOptions } from './export/test-file';
export { matchesStep, type StepFilter } from './session/step-filter';
export { recordHits, describeBreakpoint, BREAKPOINT_KINDS, type Breakpoint } from './session/breakpoints';
