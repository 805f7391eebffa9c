/**
 * Requests answered by the host process itself rather than the engine worker (following games,
 * restoring a crashed session): each family is a table of schemas, read from a client's text
 * before the engine's own requests.
 */
import type { z } from '../schema/zod';
import { describeIssues, plainIssueMessage } from '../schema/issues';
import { errorReply, ProtocolError, type HostErrorReply } from './host-request';

export type MethodSchemas = Record<string, { params: z.ZodType; result: z.ZodType }>;

export type ServerCall<M extends string> = { ok: true; id: number; method: M; params: unknown[] } | { ok: false; reply: HostErrorReply };

/**
 * A call of the family `schemas` checked against its schema (over IPC, where the method and
 * parameters arrive apart), or null when `method` is not one of the family's.
 */
export function readServerCall<M extends string>(
  schemas: Record<M, { params: z.ZodType }>,
  id: number,
  method: unknown,
  params: unknown,
): null | ServerCall<M> {
  if (typeof method !== 'string' || !Object.hasOwn(schemas, method)) return null;
  const m = method as M;
  const result = schemas[m].params.safeParse(params ?? [], { error: plainIssueMessage });
  if (!result.success)
    return { ok: false, reply: errorReply(id, new ProtocolError(`${m}: ${describeIssues(result.error, 'params').join('; ')}`)) };
  return { ok: true, id, method: m, params: result.data as unknown[] };
}

/**
 * A request of the family `schemas` read from a client's text, null when the text is not one
 * (then it is someone else's to read), or the error reply a malformed one gets.
 */
export function readServerRequest<M extends string>(schemas: Record<M, { params: z.ZodType }>, text: string): null | ServerCall<M> {
  let message: { id?: unknown; method?: unknown; params?: unknown };
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (!message || typeof message !== 'object' || !Number.isSafeInteger(message.id)) return null;
  return readServerCall(schemas, message.id as number, message.method, message.params);
}
