/**
 * Requests about games followed from outside Flowscope (flowscope/attach). They are answered by
 * the host process, which holds the attach endpoint, not by the engine worker; the browser-mode
 * server reads them with `readLiveRequest` before the engine's own requests (docs/attach.md).
 */
import { z } from '../schema/zod';
import { expected } from '../schema/issues';
import { params } from './host-methods';
import { readServerRequest } from './server-requests';
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

/** A live request read from a client's text (see `readServerRequest`). */
export const readLiveRequest = (text: string) => readServerRequest(LIVE_METHOD_SCHEMAS, text);
