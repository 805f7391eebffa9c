/**
 * The session a crash left unfinished, offered back to the page (browser mode; the desktop app
 * asks in a dialog of its own). Answered by the server process, which holds the journals.
 */
import { z } from '../schema/zod';
import { params } from './host-methods';
import { readServerRequest } from './server-requests';
import { sessionViewSchema } from './view-schemas';

/** What the unfinished session was: its game file, when it was opened, how many actions it recorded. */
export const restoreOfferSchema = z.object({
  game: z.string(),
  /** The game file as its user knows it: relative to the host's working folder when inside it (every fixture is a `game.ts`). */
  shown: z.string().optional(),
  at: z.string(),
  actions: z.number(),
  /** Its journal ended in a line cut short by the crash: that action is left out. */
  torn: z.boolean(),
  /** A line before the end cannot be read: the actions after it are not restored (the journal is kept). */
  damaged: z.object({ line: z.number(), actionsAfter: z.number() }).optional(),
});

export const RESTORE_METHOD_SCHEMAS = {
  /** The unfinished session that can be restored, or null. */
  restoreOffer: { params: params(), result: restoreOfferSchema.nullable() },
  /** Reopens it with every action it recorded (its journal is then deleted). */
  restoreUnfinished: { params: params(), result: sessionViewSchema },
  /** Deletes it without restoring. */
  discardUnfinished: { params: params(), result: z.null() },
} as const;

export type RestoreMethod = keyof typeof RESTORE_METHOD_SCHEMAS;
export type RestoreOffer = z.output<typeof restoreOfferSchema>;
export type RestoreApi = {
  [M in RestoreMethod]: (
    ...params: z.output<(typeof RESTORE_METHOD_SCHEMAS)[M]['params']>
  ) => Promise<z.output<(typeof RESTORE_METHOD_SCHEMAS)[M]['result']>>;
};
export const RESTORE_METHODS = Object.keys(RESTORE_METHOD_SCHEMAS) as RestoreMethod[];

export const readRestoreRequest = (text: string) => readServerRequest(RESTORE_METHOD_SCHEMAS, text);
