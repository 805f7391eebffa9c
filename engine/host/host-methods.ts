/**
 * Every request the UI may send the host, defined once: its parameters and its result. The
 * `HostApi` type, the WebSocket server's and the Electron IPC's validation, the worker's dispatch,
 * the preload's named methods and the renderer's client are all derived from this object, so a
 * new method is one entry here plus its implementation in `SessionHost` (see docs/protocol.md).
 */
import { z } from '../schema/zod';
import { flowActionSchema } from '../schema/action-schema';
import { expected } from '../schema/issues';
import { gameRandomnessSchema } from '../schema/game-randomness-schema';
import { lessonEntrySchema, lessonViewSchema } from './lesson-views';
import {
  gameEntrySchema,
  reloadResultSchema,
  sessionViewSchema,
  stepDetailSchema,
  stepSummarySchema,
  timelineMarksSchema,
} from './view-schemas';
import {
  breakHitSchema,
  breakpointsSchema,
  coverageViewSchema,
  exploreOptionsSchema,
  exploreViewSchema,
  searchResultSchema,
  stepFilterSchema,
} from './tool-schemas';

/** The largest replay text `openReplay` takes (the WebSocket's frame limit is the same). */
export const MAX_REPLAY_TEXT = 64 * 1024 * 1024;
/** The most random steps one `random` request may play. */
export const MAX_RANDOM_STEPS = 1_000_000;

const stepIndex = z.int(expected('a step index (an integer ≥ 0)')).min(0, expected('a step index (an integer ≥ 0)'));
const nonEmpty = (what: string) => z.string(expected(what)).min(1, expected(what));
const numPlayers = z.int(expected('a player count (an integer ≥ 1)')).min(1, expected('a player count (an integer ≥ 1)'));

/** The parameter list of a method: a tuple, so a missing, extra or misplaced parameter is named. */
export function params<const T extends readonly [] | readonly [z.core.SomeType, ...z.core.SomeType[]]>(...items: T): z.ZodTuple<T, null> {
  return z.tuple(items as unknown as [z.core.SomeType], {
    error: (issue) =>
      issue.code === 'too_big'
        ? items.length === 0
          ? 'takes no parameters'
          : `expected at most ${items.length} parameter${items.length === 1 ? '' : 's'}`
        : issue.code === 'too_small'
          ? `expected at least ${issue.minimum} parameter${issue.minimum === 1 ? '' : 's'}, got ${(issue.input as unknown[]).length}`
          : issue.code === 'invalid_type'
            ? expected('an array of parameters').error(issue)
            : undefined,
  }) as unknown as z.ZodTuple<T, null>;
}

export const openRequestSchema = z.object(
  {
    /** A fixture name or a game file path. */
    game: nonEmpty('a fixture name or a game file path'),
    /** Which export, when the file has several games. */
    exportName: nonEmpty('an export name').optional(),
    /** Run on this boardgame.io release instead of the one detected. */
    bgio: nonEmpty('a boardgame.io release').optional(),
    numPlayers: numPlayers.optional(),
    seed: nonEmpty('a non-empty seed').optional(),
    setupData: z.unknown().optional(),
    /** `real` turns the sandbox off: the game's `Math.random`, clock and `crypto` are left alone. */
    gameRandomness: gameRandomnessSchema.optional(),
    /** Where the game is kept in the module when it is not an export: `example.game`. */
    gamePath: nonEmpty('a property path such as example.game').optional(),
    /** The export (or `gamePath`) is a factory: call it with these arguments. */
    factoryArgs: z.array(z.unknown(), expected('an array of the factory arguments')).optional(),
    /** Packages replaced by a stub that does nothing when bundling. */
    stubModules: z.array(nonEmpty('a package name'), expected('an array of package names')).optional(),
  },
  expected(
    'an object { game, exportName?, bgio?, numPlayers?, seed?, setupData?, gameRandomness?, gamePath?, factoryArgs?, stubModules? }',
  ),
);

export const restartOptionsSchema = z.object(
  { numPlayers, seed: nonEmpty('a non-empty seed'), setupData: z.unknown().optional() },
  expected('an object { numPlayers, seed, setupData? }'),
);

/** A followed game's state after a step, as it reported it. */
export const reportedStateSchema = z.object(
  { G: z.unknown(), ctx: z.record(z.string(), z.unknown()), _stateID: z.number() },
  expected('a reported state { G, ctx, _stateID }'),
);

export const HOST_METHOD_SCHEMAS = {
  /** The bundled fixtures. */
  listGames: { params: params(), result: z.array(gameEntrySchema) },
  open: { params: params(openRequestSchema), result: sessionViewSchema },
  /** A fresh session of the current game. */
  restart: { params: params(restartOptionsSchema), result: sessionViewSchema },
  view: { params: params(), result: sessionViewSchema.nullable() },
  /** Dispatches after step `at` (default, or null: the last), discarding later steps when `at` is in the past. */
  dispatch: { params: params(flowActionSchema, stepIndex.nullish()), result: stepSummarySchema },
  /** Plays `count` random steps (progress arrives as `progress` events), stopping after a step that hits one of the breakpoints. */
  random: {
    params: params(
      z
        .int(expected(`a step count (0 to ${MAX_RANDOM_STEPS})`))
        .min(0, expected(`a step count (0 to ${MAX_RANDOM_STEPS})`))
        .max(MAX_RANDOM_STEPS, expected(`a step count (0 to ${MAX_RANDOM_STEPS})`)),
      breakpointsSchema.nullish(),
    ),
    result: z.array(stepSummarySchema),
  },
  steps: { params: params(stepIndex, stepIndex), result: z.array(stepSummarySchema) },
  step: { params: params(stepIndex), result: stepDetailSchema },
  /** Where the notable steps of the whole session are, for the timeline (cheap, no explanations). */
  timeline: { params: params(), result: timelineMarksSchema },
  exportReplay: { params: params(), result: z.string() },
  /** A replay's text, and the path it was read from (to find its game file). */
  openReplay: {
    params: params(
      z.string(expected('the replay text')).max(MAX_REPLAY_TEXT, expected(`the replay text (at most ${MAX_REPLAY_TEXT} characters)`)),
      z.string(expected('the replay file path')).nullish(),
    ),
    result: sessionViewSchema,
  },
  /** Re-bundles the game, replays the session's actions on the new code, reports the first difference. */
  reload: { params: params(), result: reloadResultSchema },
  /**
   * Dispatches a followed game's action (or, with null, annotates the last step), checks the result
   * against the state the game reported (seen by `viewer` through playerView when given) and adds
   * `notes` as warnings.
   */
  dispatchLive: {
    params: params(flowActionSchema.nullable(), reportedStateSchema.nullable(), z.array(z.string()), z.string().nullish()),
    result: stepSummarySchema,
  },
  /** The bundled lessons, in teaching order (docs/lessons.md). */
  listLessons: { params: params(), result: z.array(lessonEntrySchema) },
  /** A lesson by id (`<fixture>/<name>` or a `.lesson.json` path), validated, with its plan; its states are shown with `open` and `dispatch`. */
  lesson: { params: params(nonEmpty('a lesson id')), result: lessonViewSchema },
  /** The steps that pass a log filter (at most `limit`, default 1000, first ones first) and how many pass in all. */
  searchSteps: {
    params: params(
      stepFilterSchema,
      z
        .int(expected('a result limit (1 to 100,000)'))
        .min(1, expected('a result limit (1 to 100,000)'))
        .max(100_000, expected('a result limit (1 to 100,000)'))
        .nullish(),
    ),
    result: searchResultSchema,
  },
  /** Chart coverage of the current session. */
  coverage: { params: params(), result: coverageViewSchema },
  /** Seeded random playouts of the current game (in the host, with the game code): findings with minimal replays, and coverage. */
  explore: { params: params(exploreOptionsSchema), result: exploreViewSchema },
  /** The first step after `from` that hits one of the breakpoints (predicates run in the host), or null. */
  findBreak: { params: params(stepIndex, breakpointsSchema), result: breakHitSchema.nullable() },
} as const satisfies Record<string, { params: z.ZodType<readonly unknown[]>; result: z.ZodType }>;

export type HostMethodSchemas = typeof HOST_METHOD_SCHEMAS;
export type HostMethod = keyof HostMethodSchemas;
/** What a method receives, after validation (optional parameters may be absent). */
export type HostParams<M extends HostMethod> = z.output<HostMethodSchemas[M]['params']>;
export type HostResult<M extends HostMethod> = z.output<HostMethodSchemas[M]['result']>;

/** Commands the UI may send, and what each answers. */
export type HostApi = { [M in HostMethod]: (...params: HostParams<M>) => Promise<HostResult<M>> };

/** The method names, in definition order. */
export const HOST_METHODS = Object.keys(HOST_METHOD_SCHEMAS) as HostMethod[];
