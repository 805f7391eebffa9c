import { z } from '../schema/zod';
import { describeIssues, expected, kindOf, plainIssueMessage } from '../schema/issues';
import type { MatchLogEntry } from './match-log';
import type { MatchRecord, StoredState } from './replay-match';

const object = expected('an object');

/** A boardgame.io state as a server sends or stores it: only what an import reads is checked. */
const storedStateSchema = z.looseObject(
  {
    G: z.unknown(),
    ctx: z.looseObject({ numPlayers: z.int(expected('a whole number of players')).min(1, expected('at least 1 player')) }, object),
    _stateID: z.int(expected('an integer')).min(0, expected('an integer of at least 0')).optional(),
  },
  object,
);

/** The state a match was created with: its random seed recreates it. */
const initialStateSchema = storedStateSchema.extend({
  plugins: z.looseObject(
    {
      random: z.looseObject(
        {
          data: z.looseObject(
            {
              seed: z.union([z.string(), z.number()], {
                error: (issue) => `expected a string or a number, got ${kindOf(issue.input)}`,
              }),
            },
            object,
          ),
        },
        object,
      ),
    },
    object,
  ),
});

/** One log entry: an object; what it holds is read leniently (an unknown action is named as a gap). */
const logEntrySchema = z.looseObject({ _stateID: z.int(expected('an integer')).optional() }, object);

/**
 * A match as a boardgame.io server sends it to a spectator (`sync`) or FlatFile stores it: the
 * one definition of what an import accepts from outside.
 */
export const matchRecordSchema = z.object(
  {
    initialState: initialStateSchema,
    state: storedStateSchema.optional(),
    log: z.array(logEntrySchema, expected('an array')),
    setupData: z.unknown().optional(),
  },
  object,
);

/** A match record, checked: the record, or one line per problem (each led by its field's path). */
export function readMatchRecord(value: unknown): { ok: true; record: MatchRecord } | { ok: false; problems: string[] } {
  let result: ReturnType<typeof matchRecordSchema.safeParse>;
  try {
    result = matchRecordSchema.safeParse(value, { error: plainIssueMessage });
  } catch (error) {
    return { ok: false, problems: [`unreadable: ${(error as Error)?.message ?? String(error)}`] };
  }
  if (!result.success) return { ok: false, problems: describeIssues(result.error) };
  const data = result.data;
  return {
    ok: true,
    record: {
      initialState: data.initialState as StoredState,
      state: data.state as StoredState | undefined,
      log: data.log as unknown as MatchLogEntry[],
      setupData: data.setupData,
    },
  };
}
