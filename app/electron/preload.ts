// The only bridge between the sandboxed page and the main process: named methods, nothing else.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { COMMAND_CHANNEL, EVENT_CHANNEL, REQUEST_CHANNEL } from './channels';

/** The HostApi and live method names, inlined at build time from the protocol's definition (scripts/preload-build.mjs). */
declare const __FLOWSCOPE_HOST_METHODS__: readonly string[];
/** The desktop calls and their channels, inlined at build time from `DESKTOP_METHOD_SCHEMAS` (engine/host/desktop-methods.ts). */
declare const __FLOWSCOPE_DESKTOP_METHODS__: Readonly<Record<string, string>>;

type Listener = (payload: unknown) => void;

async function request(method: string, params: unknown[]): Promise<unknown> {
  // Omitted trailing arguments stay absent, as over the WebSocket.
  while (params.length && params[params.length - 1] === undefined) params.pop();
  const answer = JSON.parse(await ipcRenderer.invoke(REQUEST_CHANNEL, method, params));
  if (!answer.ok) throw Object.assign(new Error(answer.error.message), { name: answer.error.name });
  return answer.result;
}

function subscribe(channel: string, listener: Listener): () => void {
  const wrapped = (_event: unknown, payload: unknown) => listener(payload);
  ipcRenderer.on(channel, wrapped);
  return () => ipcRenderer.removeListener(channel, wrapped);
}

contextBridge.exposeInMainWorld('flowscopeHost', {
  ...Object.fromEntries(__FLOWSCOPE_HOST_METHODS__.map((method) => [method, (...params: unknown[]) => request(method, params)])),
  onEvent: (listener: Listener) => subscribe(EVENT_CHANNEL, listener),
  onStatus: (listener: (status: 'open' | 'closed') => void) => {
    queueMicrotask(() => listener('open'));
    return () => undefined;
  },
});

contextBridge.exposeInMainWorld('flowscopeDesktop', {
  ...Object.fromEntries(
    Object.entries(__FLOWSCOPE_DESKTOP_METHODS__).map(([method, channel]) => [
      method,
      (...params: unknown[]) => ipcRenderer.invoke(channel, ...params),
    ]),
  ),
  // Not calls to the main process: a subscription to its menu commands, and a lookup Electron makes in the page.
  onCommand: (listener: Listener) => subscribe(COMMAND_CHANNEL, listener),
  pathForFile: (file: File) => webUtils.getPathForFile(file),
});
