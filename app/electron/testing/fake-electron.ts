import { vi } from 'vitest';
import type { DesktopElectron } from '../desktop';
import { REQUEST_CHANNEL } from '../ipc';

/** The IPC event of a request from the app's own page. */
export const TRUSTED = { senderFrame: { url: 'flowscope://app/index.html' } };

/** The attach endpoint on a free port with a fixed token (never this user's own token file). */
export const TEST_ATTACH = { port: 0, token: 'desktop-test-pairing-token' };

/** What a test may do with what the main process sends its window, and with the address the window is told to load. */
export interface FakeWindowHooks {
  send?(channel: string, payload: unknown): void;
  load?(url: string): Promise<void>;
}

/** A fake of the parts of Electron the desktop app uses, recording what it was asked to do. */
export function fakeElectron(userData: string, dialogs: { open?: string[]; save?: string } = {}, hooks: FakeWindowHooks = {}) {
  const handlers = new Map<string, (event: any, ...args: any[]) => any>();
  const sent: Array<[string, any]> = [];
  const appEvents = new Map<string, (...a: any[]) => void>();
  const windowEvents = new Map<string, () => void>();
  const created: any[] = [];
  /** What the app protocol answers (`flowscope://app/…`), once the app registered it. */
  let protocolHandler: ((request: Request) => Promise<Response>) | null = null;
  const serveApp = (url: string) => protocolHandler!({ url, method: 'GET' } as Request);
  const calls = { permissionsDenied: false, protocolHandled: '', menus: [] as any[], errors: [] as string[], loaded: '' };
  const electron: DesktopElectron = {
    app: { whenReady: async () => undefined, on: (e, l) => appEvents.set(e, l), getPath: () => userData, quit: vi.fn() },
    BrowserWindow: class {
      webContents = {
        on: vi.fn(),
        setWindowOpenHandler: vi.fn(),
        send: (c: string, p: unknown) => (sent.push([c, p]), hooks.send?.(c, p)),
      };
      constructor(options: Record<string, unknown>) {
        created.push(options);
      }
      loadURL = async (url: string) => {
        calls.loaded = url;
        await hooks.load?.(url);
      };
      on = (e: string, l: () => void) => windowEvents.set(e, l);
      getBounds = () => ({ x: 5, y: 6, width: 1000, height: 700 });
      isMaximized = () => false;
      maximize = vi.fn();
      isDestroyed = () => false;
    } as any,
    ipcMain: { handle: (c, h) => void handlers.set(c, h) },
    protocol: {
      registerSchemesAsPrivileged: vi.fn(),
      handle: (scheme, handler) => {
        calls.protocolHandled = scheme;
        protocolHandler = handler;
      },
    },
    session: {
      defaultSession: { setPermissionRequestHandler: () => void (calls.permissionsDenied = true), setPermissionCheckHandler: vi.fn() },
    },
    Menu: { buildFromTemplate: (t) => t, setApplicationMenu: (m) => void calls.menus.push(m) },
    dialog: {
      showOpenDialog: async () => ({ canceled: !dialogs.open, filePaths: dialogs.open ?? [] }),
      showSaveDialog: async () => ({ canceled: !dialogs.save, filePath: dialogs.save }),
      showErrorBox: (_t, c) => void calls.errors.push(c),
    },
    shell: { openExternal: vi.fn() },
  };
  const request = async (method: string, ...params: unknown[]) => JSON.parse(await handlers.get(REQUEST_CHANNEL)!(TRUSTED, method, params));
  const clickMenu = (...labels: string[]) => {
    let items = calls.menus[calls.menus.length - 1];
    let item: any;
    for (const label of labels) {
      item = items.find((i: any) => i.label === label);
      items = item?.submenu;
    }
    return item.click();
  };
  return { electron, serveApp, handlers, sent, created, calls, request, clickMenu, windowEvents, appEvents };
}
