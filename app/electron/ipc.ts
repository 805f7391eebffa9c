import { errorReply, readLiveCall, validateHostRequest, type DesktopMethodSchema, type HostMethod, type HostRequest } from '../../engine';
import type { z } from 'zod';
import type { LiveHost } from '../attach/live-host';
import { isTrustedSender } from './security';

import { REQUEST_CHANNEL } from './channels';

export { COMMAND_CHANNEL, EVENT_CHANNEL, REQUEST_CHANNEL } from './channels';

export class IpcRejected extends Error {
  override name = 'IpcRejected';
}

/**
 * Checks one request from the renderer against the protocol's schemas: a known HostApi method and
 * parameters of the shapes that method takes. Throws ProtocolError naming the method and field.
 */
export function validateRequest(method: unknown, params: unknown): HostRequest {
  return validateHostRequest(method, params);
}

interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: { senderFrame: { url: string; parent?: unknown } | null }, ...args: unknown[]) => Promise<unknown>,
  ): void;
}

interface EngineLike {
  request(method: HostMethod, params: unknown[]): Promise<string>;
}

/**
 * Answers the renderer's HostApi calls, and the live methods (following games that run outside
 * Flowscope) when `live` is given, exactly as browser mode's server does: the sender checked (a
 * foreign frame is refused outright), the payload validated (a bad one gets an error answer and
 * never reaches the engine), the answer as JSON text.
 */
export function registerHostIpc(ipcMain: IpcMainLike, engine: EngineLike, live?: Pick<LiveHost, 'answer'>): void {
  ipcMain.handle(REQUEST_CHANNEL, async (event, method, params) => {
    if (!isTrustedSender(event.senderFrame))
      throw new IpcRejected(`refused a request from ${event.senderFrame?.url ?? 'an unknown frame'}`);
    const liveCall = live ? readLiveCall(0, method, params) : null;
    if (liveCall) return JSON.stringify(await live!.answer(liveCall));
    let request: HostRequest;
    try {
      request = validateRequest(method, params);
    } catch (error) {
      return JSON.stringify(errorReply(0, error));
    }
    return engine.request(request.method, request.params as unknown[]);
  });
}

/** The main process's side of a table of desktop calls: what each method does with its checked parameters. */
export type DesktopHandlers<T extends Record<string, DesktopMethodSchema>> = {
  [M in keyof T]: (...params: z.output<T[M]['params']>) => z.input<T[M]['result']> | Promise<z.input<T[M]['result']>>;
};

/**
 * Answers the desktop renderer's own calls (`window.flowscopeDesktop`), one handler per entry of
 * the table (`DESKTOP_METHOD_SCHEMAS`) on its channel: a call from a foreign frame, or with parameters its schema refuses,
 * gets the method's `refused` answer and never reaches the handler.
 */
export function registerDesktopIpc<T extends Record<string, DesktopMethodSchema>>(
  ipcMain: IpcMainLike,
  table: T,
  handlers: DesktopHandlers<NoInfer<T>>,
): void {
  for (const [method, { channel, params, refused }] of Object.entries(table)) {
    const handler = handlers[method] as (...params: unknown[]) => unknown;
    ipcMain.handle(channel, async (event, ...args) => {
      if (!isTrustedSender(event.senderFrame)) return refused;
      const checked = params.safeParse(args);
      return checked.success ? handler(...checked.data) : refused;
    });
  }
}
