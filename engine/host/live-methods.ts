/**
 * Requests about games followed from outside Flowscope (flowscope/attach). They are answered by
 * the host process, which holds the attach endpoint, not by the engine worker; the browser-mode
 * server reads them with `readLiveRequest` before the engine's own requests (docs/attach.md).
 */
import { z } from '../schema/zod';
import { expected } from '../schema/issues';
import { params } from './host-methods';
import { readServerCall, readServerRequest, type ServerCall } from './server-requests';
import { liveMatchesSchema, sessionViewSchema } from './view-schemas';

export const LIVE_METHOD_SCHEMAS = {
  /** The matches followed games reported, the one followed now, and where games connect. */
  liveMatches: { params: params(), result: liveMatchesSchema },
  /** Opens a session of that match's game from its seed and re-runs every step reported so far; later steps follow. */
  followLive: {
    params: params(z.string(expected('a followed match id')).min(1, expected('a followed match id'))),
    result: sessionViewSchema,
  },
} as const;

export type LiveMethod = keyof typeof LIVE_METHOD_SCHEMAS;
export type LiveApi = {
  [M in LiveMethod]: (
    ...params: z.output<(typeof LIVE_METHOD_SCHEMAS)[M]['params']>
  ) => Promise<z.output<(typeof LIVE_METHOD_SCHEMAS)[M]['result']>>;
};
export const LIVE_METHODS = Object.keys(LIVE_METHOD_SCHEMAS) as LiveMethod[];

/** A live request, or the error reply a malformed one gets. */
export type LiveCall = ServerCall<LiveMethod>;

/** A live call over IPC, where the method and parameters arrive apart (see `readServerCall`). */
export const readLiveCall = (id: number, method: unknown, params: unknown) => readServerCall(LIVE_METHOD_SCHEMAS, id, method, params);

/** A live request read from a client's text (see `readServerRequest`). */
export const readLiveRequest = (text: string) => readServerRequest(LIVE_METHOD_SCHEMAS, text);

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
