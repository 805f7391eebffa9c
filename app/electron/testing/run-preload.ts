/**
 * Runs the bundled preload against a fake Electron; returns what it exposed and what it invoked.
 * `invoke` answers each IPC call (by default, a successful HostApi answer).
 */
export function runPreload(code: string, invoke?: (channel: string, ...args: unknown[]) => Promise<unknown>) {
  const exposed: Record<string, any> = {};
  const invoked: unknown[][] = [];
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
    ipcRenderer: {
      invoke: async (channel: string, ...args: unknown[]) => {
        invoked.push([channel, ...args]);
        return invoke ? invoke(channel, ...args) : JSON.stringify({ id: 0, ok: true, result: 'answer' });
      },
      on: () => undefined,
      removeListener: () => undefined,
    },
    webUtils: { getPathForFile: () => '' },
  };
  const module = { exports: {} };
  new Function('require', 'module', 'exports', code)(
    (name: string) => (name === 'electron' ? electron : undefined),
    module,
    module.exports,
  );
  return { exposed, invoked };
}
