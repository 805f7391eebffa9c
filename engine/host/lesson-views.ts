/** The lesson messages of the protocol (docs/lessons.md): a lesson's entry in the list, and a lesson with its plan. */
import { lessonGameSchema, lessonSchema } from '../lesson/lesson-file';
import { flowActionSchema } from '../schema/action-schema';
import { z } from '../schema/zod';

export const lessonEntrySchema = z.object({
  /** What `lesson` takes: `<fixture>/<name>` for a bundled lesson, else the lesson file's path. */
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  order: z.number(),
  steps: z.int(),
  exercises: z.int(),
});

export const lessonViewSchema = lessonEntrySchema.extend({
  lesson: lessonSchema,
  /** The lesson's games with absolute file paths. */
  games: z.record(z.string(), lessonGameSchema),
  /** For each step: the game and the actions that lead to the state it shows. */
  plan: z.array(z.object({ game: z.string(), actions: z.array(flowActionSchema), added: z.int() })),
});
