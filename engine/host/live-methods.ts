/**
 * Requests about games followed from outside Flowscope (flowscope/attach). They are answered by
 * the host process, which holds the attach endpoint, not by the engine worker; the browser-mode
 * server reads them with `readLiveRequest` before the engine's own requests (docs/attach.md).
 */
import { z } from '../schema/zod';
import { expected, describeIssues, plainIssueMessage } from '../schema/issues';
import { params } from './host-methods';
import { errorReply, ProtocolError, type HostErrorReply } from './host-request';
import { liveMatchesSchema, sessionViewSchema } from './view-schemas';

export const LIVE_METHOD_SCHEMAS = {
  /** The matches followed games reported, the one followed now, and where games connect. */
  liveMatches: { params: params(), result: liveMatchesSchema },
  /** Opens a session of that match's game from its seed and re-runs every step reported so far; later steps follow. */
  followLive: { params: params(z.string(expected('a followed match id')).min(1, expected('a followed match id'))), result: sessionViewSchema },
} as const;

export type LiveMethod = keyof typeof LIVE_METHOD_SCHEMAS;
export type LiveApi = { [M in LiveMethod]: (...params: z.output<(typeof LIVE_METHOD_SCHEMAS)[M]['params']>) => Promise<z.output<(typeof LIVE_METHOD_SCHEMAS)[M]['result']>> };
export const LIVE_METHODS = Object.keys(LIVE_METHOD_SCHEMAS) as LiveMethod[];

/**
 * A live request read from a client's text, null when the text is not one (then it is the
 * engine's to read), or the error reply a malformed one gets.
 */
export function readLiveRequest(text: string): null | { ok: true; id: number; method: LiveMethod; params: unknown[] } | { ok: false; reply: HostErrorReply } {
  let message: { id?: unknown; method?: unknown; params?: unknown };
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (!message || typeof message !== 'object' || typeof message.method !== 'string' || !Object.hasOwn(LIVE_METHOD_SCHEMAS, message.method)) return null;
  if (!Number.isSafeInteger(message.id)) return null;
  const method = message.method as LiveMethod;
  const result = LIVE_METHOD_SCHEMAS[method].params.safeParse(message.params ?? [], { error: plainIssueMessage });
  if (!result.success) return { ok: false, reply: errorReply(message.id as number, new ProtocolError(`${method}: ${describeIssues(result.error, 'params').join('; ')}`)) };
  return { ok: true, id: message.id as number, method, params: result.data as unknown[] };
}
