/**
 * Requests answered by the host process itself rather than the engine worker (following games,
 * restoring a crashed session): each family is a table of schemas, read from a client's text
 * before the engine's own requests.
 */
import type { z } from '../schema/zod';
import { describeIssues, plainIssueMessage } from '../schema/issues';
import { errorReply, ProtocolError, type HostErrorReply } from './host-request';

export type MethodSchemas = Record<string, { params: z.ZodType; result: z.ZodType }>;

/**
 * A request of the family `schemas` read from a client's text, null when the text is not one
 * (then it is someone else's to read), or the error reply a malformed one gets.
 */
export function readServerRequest<M extends string>(schemas: Record<M, { params: z.ZodType }>, text: string): null | { ok: true; id: number; method: M; params: unknown[] } | { ok: false; reply: HostErrorReply } {
  let message: { id?: unknown; method?: unknown; params?: unknown };
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (!message || typeof message !== 'object' || typeof message.method !== 'string' || !Object.hasOwn(schemas, message.method)) return null;
  if (!Number.isSafeInteger(message.id)) return null;
  const method = message.method as M;
  const result = schemas[method].params.safeParse(message.params ?? [], { error: plainIssueMessage });
  if (!result.success) return { ok: false, reply: errorReply(message.id as number, new ProtocolError(`${method}: ${describeIssues(result.error, 'params').join('; ')}`)) };
  return { ok: true, id: message.id as number, method, params: result.data as unknown[] };
}
