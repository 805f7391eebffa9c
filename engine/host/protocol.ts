/**
 * The one typed interface between the UI and whatever runs sessions (the browser-mode server over
 * a WebSocket, or Electron's main process over IPC). The renderer only sends commands; the host
 * holds the truth. Every type here is inferred from the schemas in `host-methods.ts` and
 * `view-schemas.ts`, which also validate each message at every boundary (docs/protocol.md).
 */
import type { z } from 'zod';
import type { HostErrorReply, HostResponseMessage } from './host-request';
import type { openRequestSchema, restartOptionsSchema } from './host-methods';
import type { gameEntrySchema, hostEventSchema, lintFindingViewSchema, reloadResultSchema, sessionViewSchema, stepDetailSchema, stepSummarySchema } from './view-schemas';

export type { ActionError, FlowAction, FlowCtx, PlayerID } from '../types';
export type { ChartModel, ChartEdge, ChartPhase, ChartStage, ChartTurn } from '../chart/model';
export type { ChartValue, Slot } from '../chart/projection';
export type { Diagnostic } from '../session/diagnostics';
export type { StepTrace, TraceEntry, TracedEvent, Transition, LogLine } from '../trace/types';
export type { DiffEntry } from '../util/diff';
export type { Divergence } from '../session/compare';

export type LintFindingView = z.output<typeof lintFindingViewSchema>;
export type GameEntry = z.output<typeof gameEntrySchema>;
export type SessionView = z.output<typeof sessionViewSchema>;
export type StepSummary = z.output<typeof stepSummarySchema>;
export type StepDetail = z.output<typeof stepDetailSchema>;
/** The outcome of reloading the game after its code changed. */
export type ReloadResult = z.output<typeof reloadResultSchema>;
export type OpenRequest = z.output<typeof openRequestSchema>;
export type RestartOptions = z.output<typeof restartOptionsSchema>;
/** Pushed by the host without a request. */
export type HostEvent = z.output<typeof hostEventSchema>;

export { HOST_METHOD_SCHEMAS, HOST_METHODS, MAX_RANDOM_STEPS, MAX_REPLAY_TEXT, openRequestSchema, restartOptionsSchema } from './host-methods';
export type { HostApi, HostMethod, HostMethodSchemas, HostParams, HostResult } from './host-methods';
export { callHost, errorReply, isHostMethod, ProtocolError, readRequestMessage, validateHostRequest } from './host-request';
export type { HostErrorReply, HostRequest, HostRequestMessage, HostResponseMessage } from './host-request';
export * from './view-schemas';
export { menuCommandSchema, type MenuCommand } from './menu-commands';
export { chartImageSchema, layoutSchema, type LayoutUpdate } from './desktop-messages';

export type HostServerMessage = HostResponseMessage | HostErrorReply | { event: HostEvent };

/** Pure helpers a user interface needs to read the messages above (the renderer imports engine values only from here). */
export { EVENT_NAMES, isEventName, type EventName } from '../types';
export { formatPath } from '../util/diff';
