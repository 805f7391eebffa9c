import { z } from './zod';
import { ACTION_EVENT_NAMES } from '../types';
import { expected, kindOf } from './issues';

const playerID = z.string(expected('a string'));
const args = z.array(z.unknown(), expected('an array')).default(() => []);

/**
 * One user action, as a replay stores it and as the UI dispatches it (the one definition of
 * `FlowAction`). `args` may be left out and becomes `[]`; unknown keys are dropped.
 */
export const flowActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('move'), name: z.string(expected('a move name')).min(1, expected('a move name')), args, playerID }),
    z.object({
      type: z.literal('event'),
      name: z.enum(ACTION_EVENT_NAMES, expected(`one of ${ACTION_EVENT_NAMES.join(', ')}`)),
      args,
      playerID,
    }),
    z.object({ type: z.literal('undo'), playerID }),
    z.object({ type: z.literal('redo'), playerID }),
    z.object({ type: z.literal('reset') }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `expected move, event, undo, redo or reset, got ${kindOf((issue.input as { type?: unknown } | undefined)?.type)}`
        : `expected an action object, got ${kindOf(issue.input)}`,
  },
);
