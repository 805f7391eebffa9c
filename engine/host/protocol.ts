/**
 * The one typed interface between the UI and whatever runs sessions (the browser-mode server over
 * a WebSocket, or Electron's main process over IPC). The renderer only sends commands; the host
 * holds the truth. Every type here is inferred from the schemas in `host-methods.ts` and
 * `view-schemas.ts`, which also validate each message at every boundary (docs/protocol.md).
 */
import type { z } from 'zod';
import type { HostErrorReply, HostResponseMessage } from './host-request';
import type { openRequestSchema, restartOptionsSchema } from './host-methods';
import type {
  attachInfoSchema,
  gameEntrySchema,
  hostEventSchema,
  lintFindingViewSchema,
  liveMatchSummarySchema,
  reloadResultSchema,
  sessionViewSchema,
  stepDetailSchema,
  stepSummarySchema,
  timelineMarksSchema,
} from './view-schemas';
import type { reportedStateSchema } from './host-methods';
import type { lessonEntrySchema, lessonViewSchema } from './lesson-views';
import type { breakHitSchema, coverageViewSchema, exploreFindingViewSchema, exploreOptionsSchema, exploreViewSchema } from './tool-schemas';

export type { ActionError, FlowAction, FlowCtx, PlayerID } from '../types';
export type { ChartModel, ChartEdge, ChartPhase, ChartStage, ChartTurn } from '../chart/model';
export type { ChartValue, Slot } from '../chart/projection';
export type { Diagnostic } from '../session/diagnostics';
export type { StepTrace, TraceEntry, TracedEvent, Transition, LogLine } from '../trace/types';
export type { DiffEntry } from '../util/diff';
export type { Divergence } from '../session/compare';
export type { Lesson, LessonStep, LessonExercise, LessonGame, ChartRef } from '../lesson/lesson-file';
export type { PlannedStep } from '../lesson/plan';
export type { AttemptStep, Verdict } from '../lesson/judge';

export type LintFindingView = z.output<typeof lintFindingViewSchema>;
export type GameEntry = z.output<typeof gameEntrySchema>;
export type SessionView = z.output<typeof sessionViewSchema>;
export type StepSummary = z.output<typeof stepSummarySchema>;
export type StepDetail = z.output<typeof stepDetailSchema>;
export type TimelineMarks = z.output<typeof timelineMarksSchema>;
/** The outcome of reloading the game after its code changed. */
export type ReloadResult = z.output<typeof reloadResultSchema>;
export type OpenRequest = z.output<typeof openRequestSchema>;
export type RestartOptions = z.output<typeof restartOptionsSchema>;
export type LessonEntry = z.output<typeof lessonEntrySchema>;
export type LessonView = z.output<typeof lessonViewSchema>;
/** Pushed by the host without a request. */
export type HostEvent = z.output<typeof hostEventSchema>;
/** A match a followed game reports (flowscope/attach). */
export type LiveMatchSummary = z.output<typeof liveMatchSummarySchema>;
export type AttachInfo = z.output<typeof attachInfoSchema>;
/** A followed game's state after a step, as it reported it. */
export type ReportedStateView = z.output<typeof reportedStateSchema>;
export {
  attachOptionsText,
  DEFAULT_ATTACH_URL,
  enhancerSnippet,
  LIVE_METHOD_SCHEMAS,
  LIVE_METHODS,
  readLiveCall,
  readLiveRequest,
  type LiveApi,
  type LiveCall,
  type LiveMethod,
} from './live-methods';
export {
  RESTORE_METHOD_SCHEMAS,
  RESTORE_METHODS,
  readRestoreRequest,
  type RestoreApi,
  type RestoreMethod,
  type RestoreOffer,
} from './restore-methods';
export type CoverageView = z.output<typeof coverageViewSchema>;
export type ExploreView = z.output<typeof exploreViewSchema>;
export type ExploreFindingView = z.output<typeof exploreFindingViewSchema>;
export type BreakHit = z.output<typeof breakHitSchema>;
export type ExploreRequest = z.output<typeof exploreOptionsSchema>;
export type { StepFilter } from '../session/step-filter';
export type { Breakpoint } from '../session/breakpoints';
export type { CoverageItem, CoverageKind } from '../explore/coverage';
export type { FindingKind } from '../explore/findings';

export {
  HOST_METHOD_SCHEMAS,
  HOST_METHODS,
  MAX_RANDOM_STEPS,
  MAX_REPLAY_TEXT,
  openRequestSchema,
  reportedStateSchema,
  restartOptionsSchema,
} from './host-methods';
export type { HostApi, HostMethod, HostMethodSchemas, HostParams, HostResult } from './host-methods';
export { callHost, errorReply, isHostMethod, ProtocolError, readRequestMessage, validateHostRequest } from './host-request';
export type { HostErrorReply, HostRequest, HostRequestMessage, HostResponseMessage } from './host-request';
export * from './view-schemas';
export { lessonEntrySchema, lessonViewSchema } from './lesson-views';
export * from './tool-schemas';
export { guessedWarning } from '../explore/guessed';
export { menuCommandSchema, type MenuCommand } from './menu-commands';
export {
  chartImageSchema,
  DESKTOP_METHOD_SCHEMAS,
  DESKTOP_METHODS,
  desktopChannels,
  layoutSchema,
  type DesktopIpcApi,
  type DesktopIpcApiOf,
  type DesktopMethod,
  type DesktopMethodSchema,
  type DesktopMethodSchemas,
  type LayoutUpdate,
} from './desktop-methods';

export type HostServerMessage = HostResponseMessage | HostErrorReply | { event: HostEvent };

/** Pure helpers a user interface needs to read the messages above (the renderer imports engine values only from here). */
export { EVENT_NAMES, isEventName, type EventName } from '../types';
export { formatPath } from '../util/diff';
export { judgeExercise, goalCheckpoints } from '../lesson/judge';
export { chartRefTestIds } from '../lesson/chart-refs';
export { describeBreakpoint } from '../session/breakpoints';
