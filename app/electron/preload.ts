// The only bridge between the sandboxed page and the main process: named methods, nothing else.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { COMMAND_CHANNEL, EVENT_CHANNEL, REQUEST_CHANNEL } from './channels';

type Listener = (payload: unknown) => void;

async function request(method: string, params: unknown[]): Promise<unknown> {
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
  listGames: () => request('listGames', []),
  open: (r: unknown) => request('open', [r]),
  restart: (o: unknown) => request('restart', [o]),
  view: () => request('view', []),
  dispatch: (action: unknown, at?: number) => request('dispatch', at === undefined ? [action] : [action, at]),
  random: (count: number) => request('random', [count]),
  steps: (from: number, to: number) => request('steps', [from, to]),
  step: (index: number) => request('step', [index]),
  timeline: () => request('timeline', []),
  exportReplay: () => request('exportReplay', []),
  openReplay: (text: string, replayPath?: string) => request('openReplay', replayPath === undefined ? [text] : [text, replayPath]),
  reload: () => request('reload', []),
  onEvent: (listener: Listener) => subscribe(EVENT_CHANNEL, listener),
  onStatus: (listener: (status: 'open' | 'closed') => void) => {
    queueMicrotask(() => listener('open'));
    return () => undefined;
  },
});

contextBridge.exposeInMainWorld('flowscopeDesktop', {
  onCommand: (listener: Listener) => subscribe(COMMAND_CHANNEL, listener),
  saveLayout: (layout: unknown) => ipcRenderer.invoke('flowscope:layout', layout),
  initialLayout: () => ipcRenderer.invoke('flowscope:initial-layout'),
  exportChart: (format: 'svg' | 'png', dataUrl: string) => ipcRenderer.invoke('flowscope:export', format, dataUrl),
  pathForFile: (file: File) => webUtils.getPathForFile(file),
});
