import { HOST_METHODS, type HostMethod } from '../../engine';
import { isTrustedSender } from './security';

import { REQUEST_CHANNEL } from './channels';

export { COMMAND_CHANNEL, EVENT_CHANNEL, REQUEST_CHANNEL } from './channels';

const MAX_PARAMS = 3;
const MAX_TEXT = 64 * 1024 * 1024;

export class IpcRejected extends Error {
  override name = 'IpcRejected';
}

/**
 * Checks one request from the renderer: a known HostApi method and parameters of the shapes
 * that method takes. Anything else is refused before it reaches game code.
 */
export function validateRequest(method: unknown, params: unknown): { method: HostMethod; params: unknown[] } {
  if (typeof method !== 'string' || !HOST_METHODS.includes(method as HostMethod)) throw new IpcRejected(`unknown request ${String(method)}`);
  if (!Array.isArray(params) || params.length > MAX_PARAMS) throw new IpcRejected(`${method}: parameters must be an array of at most ${MAX_PARAMS}`);
  const isObject = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v);
  const isIndex = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
  const fail = (what: string) => {
    throw new IpcRejected(`${method}: ${what}`);
  };
  switch (method as HostMethod) {
    case 'listGames':
    case 'view':
    case 'exportReplay':
    case 'timeline':
    case 'reload':
      if (params.length) fail('takes no parameters');
      break;
    case 'open':
      if (!isObject(params[0]) || typeof (params[0] as { game?: unknown }).game !== 'string') fail('needs { game: string, … }');
      break;
    case 'restart':
      if (!isObject(params[0]) || !Number.isInteger((params[0] as { numPlayers?: unknown }).numPlayers)) fail('needs { numPlayers, seed }');
      break;
    case 'dispatch':
      if (!isObject(params[0]) || typeof (params[0] as { type?: unknown }).type !== 'string') fail('needs an action object');
      if (params[1] !== undefined && !isIndex(params[1])) fail('the step to branch from must be a step index');
      break;
    case 'random':
      if (!isIndex(params[0]) || (params[0] as number) > 1_000_000) fail('needs a step count between 0 and 1,000,000');
      break;
    case 'steps':
      if (!isIndex(params[0]) || !isIndex(params[1])) fail('needs two step indexes');
      break;
    case 'step':
      if (!isIndex(params[0])) fail('needs a step index');
      break;
    case 'openReplay':
      if (typeof params[0] !== 'string' || (params[0] as string).length > MAX_TEXT) fail('needs the replay text');
      if (params[1] !== undefined && typeof params[1] !== 'string') fail('the replay path must be a string');
      break;
  }
  return { method: method as HostMethod, params };
}

interface IpcMainLike {
  handle(channel: string, listener: (event: { senderFrame: { url: string; parent?: unknown } | null }, ...args: unknown[]) => Promise<unknown>): void;
}

interface EngineLike {
  request(method: HostMethod, params: unknown[]): Promise<string>;
}

/** Answers the renderer's HostApi calls: sender checked, payload validated, answer as JSON text. */
export function registerHostIpc(ipcMain: IpcMainLike, engine: EngineLike): void {
  ipcMain.handle(REQUEST_CHANNEL, async (event, method, params) => {
    if (!isTrustedSender(event.senderFrame)) throw new IpcRejected(`refused a request from ${event.senderFrame?.url ?? 'an unknown frame'}`);
    const request = validateRequest(method, params);
    return engine.request(request.method, request.params);
  });
}
