import { z } from 'zod';
import { BGIO_ACTION_TYPES } from '../../engine';

/**
 * What a followed game (the `flowscope/attach` enhancer in a boardgame.io client, or the storage
 * wrapper in a boardgame.io server) sends Flowscope. Every message is checked against these
 * schemas before anything reads it; a message that fails is refused with its problems named.
 */
export const ATTACH_PROTOCOL_VERSION = 1;

const id = z.string().min(1).max(200);
const playerID = z.string().max(50);
const json = z.json();

/** A boardgame.io state as the sender saw it (only what Flowscope compares). */
export const ReportedStateSchema = z.object({ G: json, ctx: z.record(z.string(), json), _stateID: z.number().int().nonnegative() });
export type ReportedState = z.infer<typeof ReportedStateSchema>;

/** One redux action a local client dispatched (boardgame.io's action creators' shapes). */
const ClientActionSchema = z.object({
  type: z.enum(BGIO_ACTION_TYPES),
  payload: z
    .object({ type: z.string().max(200).nullable().optional(), args: json.optional(), playerID: playerID.nullable().optional() })
    .optional(),
});
export type ClientAction = z.infer<typeof ClientActionSchema>;

/** One boardgame.io log entry. */
const LogEntrySchema = z.object({
  action: z.object({
    type: z.string().max(50),
    payload: z
      .object({ type: z.string().max(200).nullable().optional(), args: json.optional(), playerID: playerID.nullable().optional() })
      .optional(),
  }),
  _stateID: z.number().int().nonnegative(),
  turn: z.number().int().optional(),
  phase: z.string().nullable().optional(),
  automatic: z.boolean().optional(),
  redact: z.boolean().optional(),
});

export const AttachMessageSchema = z.discriminatedUnion('type', [
  /** First message: who is sending. `instance` is the sender's random id, the same after a reconnection. */
  z.object({
    type: z.literal('hello'),
    version: z.literal(ATTACH_PROTOCOL_VERSION),
    role: z.enum(['client', 'server']),
    instance: id,
    label: z.string().max(200).optional(),
  }),
  /** A match begins (or is sent again after a reconnection): its initial state, seed included. */
  z.object({
    type: z.literal('match'),
    match: id,
    game: z.string().max(200).nullable(),
    playerID: playerID.nullable(),
    numPlayers: z.number().int().min(1).max(100),
    seed: z.string().min(1).max(200),
    setupData: json.optional(),
    initial: ReportedStateSchema,
  }),
  /** A local client dispatched an action; `state` is its state after it. */
  z.object({
    type: z.literal('action'),
    match: id,
    seq: z.number().int().nonnegative(),
    action: ClientActionSchema,
    state: ReportedStateSchema.nullable(),
  }),
  /** Accepted actions as boardgame.io logged them (a server's deltalog, or a multiplayer client's update). */
  z.object({ type: z.literal('log'), match: id, entries: z.array(LogEntrySchema).max(100_000), state: ReportedStateSchema.nullable() }),
]);
export type AttachMessage = z.infer<typeof AttachMessageSchema>;

/** The message, or a one-line description of what is wrong with it. */
export function parseAttachMessage(text: string): { ok: true; message: AttachMessage } | { ok: false; error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not JSON: ${(error as Error).message}` };
  }
  const result = AttachMessageSchema.safeParse(data);
  if (result.success) return { ok: true, message: result.data };
  const problems = result.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`);
  return { ok: false, error: problems.join('; ') };
}
