import { describeIssues, kindOf, plainIssueMessage } from '../schema/issues';
import { HOST_METHOD_SCHEMAS, type HostApi, type HostMethod, type HostParams } from './host-methods';

/** A request that does not match the protocol; the message names the method and each bad field. */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

/** A validated request: a known method and its parameters as the schema outputs them. */
export type HostRequest = { [M in HostMethod]: { method: M; params: HostParams<M> } }[HostMethod];

export function isHostMethod(method: unknown): method is HostMethod {
  return typeof method === 'string' && Object.hasOwn(HOST_METHOD_SCHEMAS, method);
}

const shown = (value: unknown) =>
  typeof value === 'string'
    ? JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}…` : value).slice(1, -1)
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : kindOf(value);

/**
 * Checks one request against its method's schema. Throws ProtocolError, e.g.
 * `dispatch: params[0].playerID: expected a string, got number 0`.
 */
export function validateHostRequest(method: unknown, params: unknown): HostRequest {
  if (!isHostMethod(method)) throw new ProtocolError(`unknown request ${shown(method)}`);
  let result;
  try {
    result = HOST_METHOD_SCHEMAS[method].params.safeParse(params, { error: plainIssueMessage });
  } catch (error) {
    throw new ProtocolError(`${method}: unreadable parameters (${(error as Error)?.message ?? String(error)})`);
  }
  if (!result.success) throw new ProtocolError(`${method}: ${describeIssues(result.error, 'params').join('; ')}`);
  return { method, params: result.data } as HostRequest;
}

/** Runs a validated request on a host. */
export function callHost(host: HostApi, request: HostRequest): Promise<unknown> {
  const method = host[request.method] as (...params: unknown[]) => Promise<unknown>;
  return method.apply(host, request.params as unknown[]);
}

/** The wire format of one request. */
export interface HostRequestMessage {
  id: number;
  method: HostMethod;
  params: unknown[];
}

/** An error answer; `id` is null when the message had no usable id. */
export interface HostErrorReply {
  id: number | null;
  ok: false;
  error: { name: string; message: string };
}
export type HostResponseMessage = { id: number; ok: true; result: unknown } | HostErrorReply;

export function errorReply(id: number | null, error: unknown): HostErrorReply {
  const e = error as Error | undefined;
  return {
    id,
    ok: false,
    error: { name: typeof e?.name === 'string' ? e.name : 'Error', message: typeof e?.message === 'string' ? e.message : String(error) },
  };
}

/**
 * Reads one request message from a client's text: JSON `{ id, method, params }`, the parameters
 * checked against the method's schema. Never throws: a bad message becomes an error reply.
 */
export function readRequestMessage(text: string): { ok: true; id: number; request: HostRequest } | { ok: false; reply: HostErrorReply } {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch (error) {
    return { ok: false, reply: errorReply(null, new ProtocolError(`not JSON: ${(error as Error).message}`)) };
  }
  if (!message || typeof message !== 'object' || Array.isArray(message)) {
    return {
      ok: false,
      reply: errorReply(null, new ProtocolError(`expected a request object { id, method, params }, got ${kindOf(message)}`)),
    };
  }
  const { id, method, params } = message as Record<string, unknown>;
  if (!Number.isSafeInteger(id))
    return { ok: false, reply: errorReply(null, new ProtocolError(`id: expected an integer, got ${kindOf(id)}`)) };
  try {
    return { ok: true, id: id as number, request: validateHostRequest(method, params === undefined ? [] : params) };
  } catch (error) {
    return { ok: false, reply: errorReply(id as number, error) };
  }
}
