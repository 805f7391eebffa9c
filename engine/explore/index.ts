/** Explore: seeded random playouts that find flow bugs, count chart coverage and shrink each finding to a minimal replay. */
export { FINDING_KINDS, findingKey, findingsOfStep, type Finding, type FindingKind } from './findings';
export { declaredMoveNames, eventsToTry, findWayOut, firstAcceptedAction, movesToTry, stuckLocation, type WayOut } from './stuck';
export { candidateActions, moveArguments } from './arguments/candidates';
export { ArgGeneratorError } from './arguments/generator';
export { declaredArguments, type DeclaredArguments, type DeclaredParameter } from './arguments/declared/declared-arguments';
export { uiEvents } from './arguments/events';
export {
  ARG_SOURCES,
  isTrustedSource,
  type ArgGenerator,
  type ArgSource,
  type ArgumentSources,
  type CandidateAction,
  type CandidateOptions,
  type EventSetting,
  type GeneratorInput,
} from './arguments/sources';
export {
  countStep,
  coverageId,
  mergeCounts,
  summariseCoverage,
  type CoverageCounts,
  type CoverageItem,
  type CoverageKind,
  type CoverageSummary,
} from './coverage';
export { ddmin, type DdminResult } from './ddmin';
export {
  runPlayout,
  newExploreSession,
  stuckFinding,
  blockedFinding,
  nondeterminismFinding,
  type ExploreGame,
  type PlayoutOptions,
  type PlayoutResult,
  type PlayoutFinding,
} from './playout';
export { minimalReplay, showsFinding, type MinimalReplay } from './shrink';
export { exploreRuns, runSeed, type ExploreOptions, type RunOutcome } from './runs';
export { buildReport, type ArgumentNote, type ExploreReport, type FindingGroup } from './report';
export { classifyStep, type ArgumentMiss } from './step-findings';
export { groupOutcomes } from './report';
export { guessedWarning } from './guessed';
export {
  exhaustiveSearch,
  DEFAULT_MAX_STATES,
  type ExhaustiveOptions,
  type ExhaustiveResult,
  type ExhaustiveFinding,
} from './exhaustive/exhaustive';
export {
  buildExhaustiveReport,
  type ExhaustiveReport,
  type ExhaustiveSummary,
  type ExhaustiveFindingGroup,
} from './exhaustive/exhaustive-report';
export { searchActions, type SearchAction } from './exhaustive/search-actions';
export { mergeShardReports, coverageFromTemplate, MergeError, type ShardInfo, type ShardReport } from './merge';
