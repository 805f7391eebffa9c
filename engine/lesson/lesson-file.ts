/**
 * The lesson file (`*.lesson.json`): a game plus a narrated path through it, with exercises the
 * learner solves with the normal controls. Written by hand by teachers; validated here with zod so
 * a mistake is named by its path in the file.
 */
import { flowActionSchema } from '../schema/action-schema';
import { z } from '../schema/zod';

export const LESSON_FORMAT = 'flowscope-lesson';
export const LESSON_VERSION = 1;

/** Actions in the replay file's shape (one definition of FlowAction). */
const action = flowActionSchema;

/** The ctx fields a replay's `expect` entries check, without `step`. */
const expectation = z
  .object({
    ok: z.boolean(),
    phase: z.string().nullable(),
    turn: z.number().int(),
    currentPlayer: z.string(),
    playOrder: z.array(z.string()),
    playOrderPos: z.number().int(),
    activePlayers: z.record(z.string(), z.string().nullable()).nullable(),
    numMoves: z.number().int(),
    gameover: z.unknown(),
  })
  .partial()
  .strict();

/** A part of the chart (ids as in the chart model): a phase key, a phase's turn, a stage, an edge id, a player's token. */
export const chartRefSchema = z.union([
  z.object({ phase: z.string() }).strict(),
  z.object({ turn: z.string() }).strict(),
  z.object({ stage: z.string(), phase: z.string().optional() }).strict(),
  z.object({ edge: z.string() }).strict(),
  z.object({ player: z.string() }).strict(),
]);

export const lessonGameSchema = z
  .object({
    file: z.string().min(1),
    export: z.string().optional(),
    bgio: z.string().optional(),
    label: z.string().optional(),
  })
  .strict();
const gameRef = z.union([z.string().min(1), lessonGameSchema]);

const exercise = z
  .object({
    task: z.string().min(1),
    /** The ctx to reach: one expectation, or several to reach in this order (the last must hold at the end). */
    goal: z.union([expectation, z.array(expectation).min(1)]),
    /** Move or event names the learner must not use. */
    forbid: z.array(z.string()).default([]),
    /** Shown after a wrong try: the event or config key that would do it. */
    hint: z.string().min(1),
    /** Shown when solved. */
    success: z.string().optional(),
    /** A reference solution: `flowscope lesson check` replays it and checks that it solves the exercise. */
    solution: z.array(action).min(1),
  })
  .strict();

const step = z
  .object({
    title: z.string().optional(),
    text: z.string().min(1),
    /** Start a fresh session of another game (a key of the lesson's `games`) before this step's actions. */
    open: z.string().optional(),
    actions: z.array(action).default([]),
    /** What the last of this step's actions must lead to (checked by `flowscope lesson check`). */
    expect: expectation.optional(),
    highlight: z.array(chartRefSchema).default([]),
    exercise: exercise.optional(),
  })
  .strict()
  .refine((s) => !(s.exercise && s.actions.length), {
    message: 'an exercise step has no actions of its own: the learner acts (put the reference actions in exercise.solution)',
  });

export const lessonSchema = z
  .object({
    format: z.literal(LESSON_FORMAT),
    version: z.literal(LESSON_VERSION),
    title: z.string().min(1),
    summary: z.string().min(1),
    /** Position in the list of lessons (lower first). */
    order: z.number().default(100),
    /** The documents this lesson teaches (free text, e.g. a page title). */
    sources: z.array(z.string()).default([]),
    /** Game files relative to the lesson file; the first is where the lesson starts. */
    games: z.record(z.string(), gameRef).refine((g) => Object.keys(g).length > 0, { message: 'name at least one game' }),
    numPlayers: z.number().int().min(1),
    seed: z.string().min(1).default('lesson'),
    setupData: z.unknown().optional(),
    steps: z.array(step).min(1),
  })
  .strict()
  .superRefine((lesson, ctx) => {
    lesson.steps.forEach((s, i) => {
      if (s.open !== undefined && !(s.open in lesson.games))
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i, 'open'],
          message: `no game "${s.open}" in games (${Object.keys(lesson.games).join(', ')})`,
        });
    });
  });

export type Lesson = z.output<typeof lessonSchema>;
export type LessonStep = Lesson['steps'][number];
export type LessonExercise = NonNullable<LessonStep['exercise']>;
export type LessonExpectation = z.output<typeof expectation>;
export type ChartRef = z.output<typeof chartRefSchema>;
export type LessonGame = z.output<typeof lessonGameSchema>;

/** A lesson that cannot be used; `problems` names every bad field by its path. */
export class LessonError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid lesson file:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'LessonError';
  }
}

/** Parses and validates a lesson (JSON text or a parsed value). Throws LessonError. */
export function parseLesson(input: string | unknown): Lesson {
  let data = input;
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input);
    } catch (error) {
      throw new LessonError([`not JSON: ${(error as Error).message}`]);
    }
  }
  const result = lessonSchema.safeParse(data);
  if (!result.success)
    throw new LessonError(result.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(file)'}: ${i.message}`));
  return result.data;
}

/** The lesson's game under `key`, in its object form. */
export function lessonGame(lesson: Lesson, key: string): LessonGame {
  const g = lesson.games[key];
  return typeof g === 'string' ? { file: g } : g;
}
