/**
 * The shapes the host answers with (sessions, steps, reload results, events). Types the protocol
 * owns are inferred from these schemas; types other engine modules own (the chart model, traces,
 * diagnostics, diffs) are checked against their interfaces at compile time.
 */
import { z } from '../schema/zod';
import type { ChartModel } from '../chart/model';
import type { ChartValue } from '../chart/projection';
import type { Divergence } from '../session/compare';
import type { Diagnostic } from '../session/diagnostics';
import type { StepTrace } from '../trace/types';
import type { ActionError, FlowCtx } from '../types';
import type { DiffEntry } from '../util/diff';
import { flowActionSchema } from '../schema/action-schema';
import { gameRandomnessSchema } from '../schema/game-randomness-schema';

const playerID = z.string();

export const flowCtxSchema: z.ZodType<FlowCtx> = z.object({
  phase: z.string().nullable(),
  turn: z.number(),
  currentPlayer: playerID,
  playOrder: z.array(playerID),
  playOrderPos: z.number(),
  activePlayers: z.record(z.string(), z.string().nullable()).nullable(),
  numMoves: z.number(),
  gameover: z.unknown(),
});

export const actionErrorSchema: z.ZodType<ActionError> = z.object({ type: z.string(), message: z.string() });

export const diagnosticSchema: z.ZodType<Diagnostic> = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
});

export const diffEntrySchema: z.ZodType<DiffEntry> = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  kind: z.enum(['added', 'removed', 'changed', 'moved']),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});

export const divergenceSchema: z.ZodType<Divergence> = z.object({
  step: z.number(),
  differences: z.array(z.string()),
  ctx: z.array(diffEntrySchema),
  G: z.array(diffEntrySchema),
});

const slot = z.custom<'active' | 'waiting' | `stage:${string}`>(
  (v) => v === 'active' || v === 'waiting' || (typeof v === 'string' && v.startsWith('stage:')),
  'expected active, waiting or stage:<name>',
);
export const chartValueSchema: z.ZodType<ChartValue> = z.union([
  z.literal('gameover'),
  z.record(z.string(), z.object({ turn: z.record(z.string(), slot) })),
]);

const tracedEvent = z.object({
  name: z.string(),
  args: z.array(z.unknown()),
  outcome: z.enum(['applied', 'rejected', 'dropped']),
  reason: z.string().optional(),
  warning: z.string().optional(),
});
export const stepTraceSchema: z.ZodType<StepTrace> = z.object({
  entries: z.array(
    z.object({
      fn: z.string(),
      kind: z.enum(['setup', 'move', 'hook', 'trigger', 'order']),
      playerID: playerID.optional(),
      returned: z.unknown().optional(),
      threw: z.string().optional(),
      events: z.array(tracedEvent),
    }),
  ),
  transitions: z.array(
    z.object({
      type: z.enum(['phase-begin', 'phase-end', 'turn-begin', 'turn-end', 'game-end', 'stage']),
      at: z.number(),
      phase: z.string().nullable(),
      turn: z.number(),
      player: playerID.optional(),
      from: z.string().nullable().optional(),
      to: z.string().nullable().optional(),
      automatic: z.boolean(),
      cause: z.string(),
      rolledBack: z.boolean().optional(),
      loopGuard: z.boolean().optional(),
    }),
  ),
  logs: z.array(z.object({ level: z.enum(['log', 'info', 'warn', 'error', 'debug']), text: z.string(), source: z.string() })),
});

// The chart model is the chart module's own (and large); the protocol checks its frame.
const chartPhaseFrame = z.looseObject({
  key: z.string(),
  name: z.string().nullable(),
  turn: z.looseObject({ path: z.string(), stages: z.array(z.looseObject({ name: z.string() })) }),
});
const chartEdgeFrame = z.looseObject({ id: z.string(), kind: z.string(), source: z.string(), target: z.string() });
export const chartModelSchema = z.looseObject({
  game: z.string(),
  numPlayers: z.number(),
  players: z.array(playerID),
  startPhase: z.string(),
  phases: z.array(chartPhaseFrame),
  edges: z.array(chartEdgeFrame),
}) as unknown as z.ZodType<ChartModel>;

export const lintFindingViewSchema = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  path: z.string().optional(),
});

export const gameEntrySchema = z.object({
  /** What `open` takes: a fixture name or an absolute file path. */
  id: z.string(),
  label: z.string(),
  description: z.string().optional(),
  kind: z.enum(['fixture', 'file']),
});

export const sessionViewSchema = z.object({
  game: z.object({
    name: z.string(),
    file: z.string(),
    exportName: z.string(),
    bgio: z.string(),
    sha256: z.string(),
    inputs: z.array(z.string()),
    bgioReason: z.string(),
    /** How a game in a real project was found (`--game-path`, `--factory-args`, `--stub-module`), to open it again the same way. */
    gamePath: z.string().optional(),
    factoryArgs: z.array(z.unknown()).optional(),
    stubModules: z.array(z.string()).optional(),
  }),
  /** The releases the user may pick instead. */
  releases: z.array(z.string()),
  /** Other games exported by the same file. */
  otherGames: z.array(z.string()),
  numPlayers: z.number(),
  seed: z.string(),
  /** Whether the game's `Math.random`, clock and `crypto` are seeded (the sandbox) or real. */
  gameRandomness: gameRandomnessSchema,
  setupData: z.unknown(),
  /** Number of steps, step 0 included. */
  length: z.number(),
  players: z.array(playerID),
  chart: chartModelSchema,
  lint: z.array(lintFindingViewSchema),
  enabledEvents: z.array(z.string()),
  phases: z.array(z.string()),
  /** minPlayers/maxPlayers of the game, for the new-session form. */
  playerRange: z.object({ min: z.number().optional(), max: z.number().optional() }),
});

export const stepSummarySchema = z.object({
  index: z.number(),
  action: flowActionSchema.nullable(),
  ok: z.boolean(),
  error: actionErrorSchema.nullable(),
  ctx: flowCtxSchema,
  /** One sentence: why the flow moved (or why the action was refused). */
  explanation: z.string(),
  /** Flow transitions that took effect, for the log's markers. */
  transitions: z.array(
    z.object({ type: z.string(), phase: z.string().nullable(), player: playerID.optional(), cause: z.string(), automatic: z.boolean() }),
  ),
  /** Number of error and warning diagnostics. */
  problems: z.object({ errors: z.number(), warnings: z.number() }),
  chart: chartValueSchema,
});

export const stepDetailSchema = stepSummarySchema.extend({
  trace: stepTraceSchema,
  diagnostics: z.array(diagnosticSchema),
  G: z.unknown(),
  /** The full boardgame.io ctx (including its underscore fields). */
  fullCtx: z.record(z.string(), z.unknown()),
  diff: z.object({ G: z.array(diffEntrySchema), ctx: z.array(diffEntrySchema) }),
  /** For each player: the moves boardgame.io would accept from it now. */
  available: z.record(playerID, z.array(z.string())),
  /** For each player: the moves with arguments the game's `ai.enumerate` offers now (null: it has none). */
  suggested: z.record(playerID, z.array(z.object({ name: z.string(), args: z.array(z.unknown()) }))).nullable(),
  /** Stage names of the turn in force now (for setStage / setActivePlayers editors). */
  stages: z.array(z.string()),
});

/** Step indexes of the session's notable steps (each list ascending), for the timeline. */
export const timelineMarksSchema = z.object({
  /** Number of steps, step 0 included. */
  length: z.number(),
  /** Steps after which the phase differs from the step before (or the game ended). */
  phases: z.array(z.number()),
  /** Steps after which the turn number differs from the step before. */
  turns: z.array(z.number()),
  /** Steps boardgame.io refused. */
  rejected: z.array(z.number()),
  /** Steps with error or warning diagnostics. */
  problems: z.array(z.number()),
});

/** The outcome of reloading the game after its code changed. */
export const reloadResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), view: sessionViewSchema, replayed: z.number(), divergence: divergenceSchema.nullable() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

/** Pushed by the host without a request. */
/** A match a followed boardgame.io game reports to Flowscope (docs/attach.md). */
export const liveMatchSummarySchema = z.object({
  /** What `followLive` takes. */
  id: z.string(),
  /** A client (the `flowscope/attach` enhancer) or a server (its storage wrapper). */
  source: z.enum(['client', 'server']),
  label: z.string().optional(),
  /** The game's `name`, when the sender knows it. */
  game: z.string().nullable(),
  matchID: z.string(),
  playerID: z.string().nullable(),
  numPlayers: z.number(),
  /** Steps reported so far (step 0 not counted). */
  steps: z.number(),
  connected: z.boolean(),
  gameover: z.boolean(),
  updatedAt: z.number(),
});

/** Where followed games connect, with the pairing token they must present. */
export const attachInfoSchema = z.object({ url: z.string(), token: z.string() });

export const liveMatchesSchema = z.object({
  matches: z.array(liveMatchSummarySchema),
  following: z.string().nullable(),
  attach: attachInfoSchema.nullable(),
});

export const hostEventSchema = z.discriminatedUnion('type', [
  /** `what`: what is in progress (absent: random steps), e.g. "opening replay long.replay.json". */
  z.object({ type: z.literal('progress'), done: z.number(), total: z.number(), what: z.string().optional() }),
  z.object({ type: z.literal('session'), view: sessionViewSchema }),
  z.object({ type: z.literal('stalled'), message: z.string() }),
  z.object({ type: z.literal('reloaded'), result: reloadResultSchema }),
  /** The followed matches changed. */
  z.object({ type: z.literal('live'), matches: z.array(liveMatchSummarySchema), following: z.string().nullable() }),
  /** The followed match has new steps (already in the session). */
  z.object({ type: z.literal('live-steps'), steps: z.array(stepSummarySchema), length: z.number() }),
]);
