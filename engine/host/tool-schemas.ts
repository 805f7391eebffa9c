/**
 * The debugging tools' messages: the log filter, breakpoints, coverage and explore results. Types
 * other engine modules own (StepFilter, Breakpoint, CoverageItem) are checked against their
 * interfaces at compile time.
 */
import { z } from '../schema/zod';
import { expected } from '../schema/issues';
import type { Breakpoint } from '../session/breakpoints';
import type { StepFilter } from '../session/step-filter';
import type { CoverageItem } from '../explore/coverage';
import { FINDING_KINDS, type FindingKind } from '../explore/findings';
import { stepSummarySchema } from './view-schemas';

const text = (what: string) => z.string(expected(what)).min(1, expected(what));

export const stepFilterSchema: z.ZodType<StepFilter> = z.object(
  {
    player: z.string(expected('a player ID')).optional(),
    action: z.string(expected('a move or event name')).optional(),
    outcome: z.enum(['accepted', 'rejected', 'threw'], expected('accepted, rejected or threw')).optional(),
    diagnostic: z.string(expected('a diagnostic code or "any"')).optional(),
    text: z.string(expected('the text to search for')).max(10_000, expected('at most 10,000 characters of text')).optional(),
  },
  expected('a filter { player?, action?, outcome?, diagnostic?, text? }'),
);

export const breakpointSchema: z.ZodType<Breakpoint> = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('phase'), phase: text('a phase key') }),
    z.object({ kind: z.literal('turn') }),
    z.object({ kind: z.literal('stage'), stage: text('a stage name') }),
    z.object({ kind: z.literal('event-rejected') }),
    z.object({ kind: z.literal('event-dropped') }),
    z.object({ kind: z.literal('diagnostic'), code: z.string(expected('a diagnostic code')).optional() }),
    z.object({ kind: z.literal('threw') }),
    z.object({
      kind: z.literal('predicate'),
      source: text('a condition over G and ctx').max(10_000, expected('a condition of at most 10,000 characters')),
    }),
  ],
  expected('a breakpoint { kind: phase | turn | stage | event-rejected | event-dropped | diagnostic | threw | predicate, … }'),
);

export const breakpointsSchema = z
  .array(breakpointSchema, expected('an array of breakpoints'))
  .max(100, expected('at most 100 breakpoints'));

const findingKind = z.enum(FINDING_KINDS as unknown as [FindingKind, ...FindingKind[]]);

const coverageItemSchema: z.ZodType<CoverageItem> = z.object({
  id: z.string(),
  kind: z.enum(['phase', 'turn', 'stage', 'move', 'edge']),
  label: z.string(),
  count: z.number(),
  declared: z.boolean(),
});

/** How often each chart item (by the chart's ids: `phase:`, `turn:`, `stage:`, `move:`, `gameover`, edge ids) was reached. */
export const coverageViewSchema = z.object({
  source: z.enum(['session', 'explore']),
  counts: z.record(z.string(), z.number()),
  neverReached: z.array(coverageItemSchema),
  /** Steps counted. */
  steps: z.number(),
});

export const exploreFindingViewSchema = z.object({
  key: z.string(),
  kind: findingKind,
  location: z.string(),
  message: z.string(),
  count: z.number(),
  runs: z.number(),
  firstRun: z.number(),
  firstStep: z.number(),
  /** The minimal replay as replay-file text (open it with `openReplay`). */
  replay: z.string().nullable(),
  replayLength: z.number(),
  originalLength: z.number(),
  minimal: z.boolean(),
  /** Where the arguments of the actions that showed it came from (`inferred`, `enumerate`, …). */
  argSources: z.array(z.string()).optional(),
  /** Earlier actions of the replay whose arguments explore picked from the state or left out (see `guessedWarning`). */
  guessedInReplay: z.number().optional(),
  /** For a dead end: the client events that leave it. */
  leavingEvents: z.array(z.string()).optional(),
});

/** A move explore could not find valid arguments for: a coverage note, not a finding. */
export const exploreNoteViewSchema = z.object({ move: z.string(), message: z.string(), accepted: z.boolean() });

export const exploreViewSchema = z.object({
  runs: z.number(),
  totalSteps: z.number(),
  findings: z.array(exploreFindingViewSchema),
  notes: z.array(exploreNoteViewSchema).optional(),
  coverage: coverageViewSchema,
});

export const exploreOptionsSchema = z.object(
  {
    runs: z
      .int(expected('a run count (1 to 100,000)'))
      .min(1, expected('a run count (1 to 100,000)'))
      .max(100_000, expected('a run count (1 to 100,000)')),
    steps: z
      .int(expected('a step count (1 to 100,000)'))
      .min(1, expected('a step count (1 to 100,000)'))
      .max(100_000, expected('a step count (1 to 100,000)')),
    seed: text('a non-empty seed'),
  },
  expected('an object { runs, steps, seed }'),
);

/** Where playback, random play or a replay load paused, and why. */
export const breakHitSchema = z.object({ step: z.number(), reason: z.string() });

/** The steps that pass a log filter (the first `limit`) and how many pass in all. */
export const searchResultSchema = z.object({ total: z.number(), steps: z.array(stepSummarySchema) });
