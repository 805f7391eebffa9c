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

/** A live request, or the error reply a malformed one gets. */
export type LiveCall = { ok: true; id: number; method: LiveMethod; params: unknown[] } | { ok: false; reply: HostErrorReply };

/**
 * A call of a live method checked against its schema (over IPC, where the method and parameters
 * arrive apart), or null when `method` is not a live method (then it is the engine's to read).
 */
export function readLiveCall(id: number, method: unknown, params: unknown): null | LiveCall {
  if (typeof method !== 'string' || !Object.hasOwn(LIVE_METHOD_SCHEMAS, method)) return null;
  const live = method as LiveMethod;
  const result = LIVE_METHOD_SCHEMAS[live].params.safeParse(params ?? [], { error: plainIssueMessage });
  if (!result.success) return { ok: false, reply: errorReply(id, new ProtocolError(`${live}: ${describeIssues(result.error, 'params').join('; ')}`)) };
  return { ok: true, id, method: live, params: result.data as unknown[] };
}

/**
 * A live request read from a client's text (over the WebSocket), null when the text is not one
 * (then it is the engine's to read), or the error reply a malformed one gets.
 */
export function readLiveRequest(text: string): null | LiveCall {
  let message: { id?: unknown; method?: unknown; params?: unknown };
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (!message || typeof message !== 'object' || !Number.isSafeInteger(message.id)) return null;
  return readLiveCall(message.id as number, message.method, message.params);
}

/** The default address of the attach endpoint, where `flowscope/attach` connects when given no `url`. */
export const DEFAULT_ATTACH_URL = 'ws://127.0.0.1:8765/attach';

/**
 * The options a user copies into `flowscope(…)` or `flowscopeStorage(db, …)` for this endpoint:
 * the token, and the address when it is not the default one.
 *
 * @example attachOptionsText({ url: 'ws://127.0.0.1:8765/attach', token: 'abc' }) // "{ token: 'abc' }"
 */
export function attachOptionsText(attach: { url: string; token: string }): string {
  return `{ token: '${attach.token}'${attach.url === DEFAULT_ATTACH_URL ? '' : `, url: '${attach.url}'`} }`;
}

/** The one call a user adds to their `Client` (`enhancer: …`) to be followed by this endpoint. */
export function enhancerSnippet(attach: { url: string; token: string }): string {
  return `flowscope(${attachOptionsText(attach)})`;
}
