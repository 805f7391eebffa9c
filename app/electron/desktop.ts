import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../files/write-atomic';
import path from 'node:path';
import { chartMachineConfig, chartToMermaid, DESKTOP_METHOD_SCHEMAS, type HostEvent, type SessionView } from '../../engine';
import { pairingToken } from '../attach/pairing-token';
import { startLiveHost, type LiveHost, type LiveHostOptions } from '../attach/live-host';
import { EngineHost } from '../host/engine-host';
import { findUnfinishedJournals, journalLosses, retireJournal, SessionJournal, type FoundJournal } from '../journal/session-journal';
import { GAME_FILE_EXTENSIONS } from '../load/load-game-file';
import { APP_SCHEME_PRIVILEGES, serveAppRequest } from './app-protocol';
import { attachOptionsFromArgv } from './attach-args';
import { COMMAND_CHANNEL, EVENT_CHANNEL, registerDesktopIpc, registerHostIpc } from './ipc';
import { buildMenuTemplate, type MenuCommand } from './menu';
import { APP_ORIGIN, APP_SCHEME, denyAllPermissions, hardenContents, secureWebPreferences } from './security';
import { addRecent, loadWindowState, saveWindowState, type WindowState } from './window-state';

/** The parts of Electron the desktop app uses; tests pass fakes. */
export interface DesktopElectron {
  app: {
    whenReady(): Promise<unknown>;
    on(event: string, listener: (...args: any[]) => void): unknown;
    getPath(name: 'userData'): string;
    quit(): void;
  };
  BrowserWindow: new (options: Record<string, unknown>) => DesktopWindow;
  ipcMain: { handle(channel: string, listener: (event: any, ...args: any[]) => unknown): void };
  protocol: {
    registerSchemesAsPrivileged(schemes: unknown[]): void;
    handle(scheme: string, handler: (request: Request) => Promise<Response>): void;
  };
  session: { defaultSession: Parameters<typeof denyAllPermissions>[0] };
  Menu: { buildFromTemplate(template: unknown[]): unknown; setApplicationMenu(menu: unknown): void };
  dialog: {
    showOpenDialog(window: unknown, options: Record<string, unknown>): Promise<{ canceled: boolean; filePaths: string[] }>;
    showSaveDialog(window: unknown, options: Record<string, unknown>): Promise<{ canceled: boolean; filePath?: string }>;
    showErrorBox(title: string, content: string): void;
    showMessageBox?(window: unknown, options: Record<string, unknown>): Promise<{ response: number }>;
  };
  shell: { openExternal(url: string): Promise<void> | void };
}

export interface DesktopWindow {
  webContents: Parameters<typeof hardenContents>[0] & { send(channel: string, payload: unknown): void };
  loadURL(url: string): Promise<void>;
  on(event: string, listener: () => void): unknown;
  getBounds(): { x: number; y: number; width: number; height: number };
  isMaximized(): boolean;
  maximize(): void;
  isDestroyed(): boolean;
}

export interface DesktopOptions {
  /** The user's arguments only (without Electron's binary and the app's entry script). */
  argv: readonly string[];
  uiDir: string;
  fixturesDir: string;
  preload: string;
  platform: string;
  timeoutMs?: number;
  /** The bundled engine worker (dist-electron/engine-worker.mjs); by default the TypeScript source. */
  workerScript?: URL;
  /** Where session journals live (default: `sessions` in Electron's userData folder). */
  journalDir?: string;
  /**
   * Where boardgame.io games you run connect to be followed (flowscope/attach), as in `flowscope
   * serve`: port 8765 (any free one when taken), this user's pairing token; false turns it off.
   * By default, from the `--attach-*` options among `argv` (see `attachOptionsFromArgv`).
   */
  attach?: LiveHostOptions;
}

const GAME_FILTERS = [{ name: 'boardgame.io game', extensions: GAME_FILE_EXTENSIONS.map((e) => e.slice(1)) }];
const REPLAY_FILTERS = [{ name: 'Flowscope replay', extensions: ['json'] }];
/** A session's crash journal (`.journal.jsonl`) is a replay too. */
const OPEN_REPLAY_FILTERS = [{ name: 'Flowscope replay or session journal', extensions: ['json', 'jsonl'] }];

/** The game file named among the user's command-line arguments, if any. */
export function gameFileFromArgv(argv: readonly string[]): string | undefined {
  return argv.find((a) => !a.startsWith('-') && GAME_FILE_EXTENSIONS.includes(path.extname(a)));
}

/** Must run before the app is ready (custom schemes are registered at start-up). */
export function registerSchemes(electron: Pick<DesktopElectron, 'protocol'>): void {
  electron.protocol.registerSchemesAsPrivileged(APP_SCHEME_PRIVILEGES);
}

/**
 * Starts the desktop app: a hardened window on the app protocol, the engine host (game code in a
 * watched worker, hot reload on save), IPC for the UI's HostApi, the attach endpoint for following
 * games you run (as `flowscope serve` has), menus, dialogs, and the window's size, layout and
 * recent files remembered. `close` stops the endpoint and the engine.
 */
export async function startDesktop(
  electron: DesktopElectron,
  options: DesktopOptions,
): Promise<{ engine: EngineHost; window: DesktopWindow; live: LiveHost; close(): Promise<void> }> {
  await electron.app.whenReady();
  const stateFile = path.join(electron.app.getPath('userData'), 'window-state.json');
  let state: WindowState = loadWindowState(stateFile);

  denyAllPermissions(electron.session.defaultSession);
  electron.protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, options.uiDir));

  const window = new electron.BrowserWindow({
    width: state.width,
    height: state.height,
    ...(state.x !== undefined ? { x: state.x, y: state.y } : {}),
    title: 'Flowscope',
    backgroundColor: state.theme === 'light' ? '#f5f6f8' : '#0f1117',
    webPreferences: secureWebPreferences(options.preload),
  });
  if (state.maximized) window.maximize();
  hardenContents(window.webContents, (url) => void electron.shell.openExternal(url));

  const send = (channel: string, payload: unknown) => {
    if (!window.isDestroyed()) window.webContents.send(channel, payload);
  };
  const journalDir = options.journalDir ?? path.join(electron.app.getPath('userData'), 'sessions');
  const unfinished = findUnfinishedJournals(journalDir);
  const engine = new EngineHost({
    journal: new SessionJournal(journalDir),
    fixturesDir: options.fixturesDir,
    timeoutMs: options.timeoutMs ?? 10_000,
    watch: true,
    workerScript: options.workerScript,
    onEvent: (event: HostEvent) => send(EVENT_CHANNEL, event),
  });
  let live: LiveHost;
  const fromArgv = attachOptionsFromArgv(options.argv);
  if (fromArgv.problems.length) electron.dialog.showErrorBox('Flowscope ignored an option', fromArgv.problems.join('\n'));
  const attach = options.attach ?? fromArgv.attach;
  try {
    live = await startLiveHost(
      engine,
      (event) => send(EVENT_CHANNEL, event),
      attach === false ? false : { ...attach, token: attach.token ?? pairingToken() },
      'the desktop app was started with --no-attach',
    );
  } catch (error) {
    // The app works without following: say why it is off, and answer the live methods with that.
    electron.dialog.showErrorBox('Following games you run is off', `Flowscope could not listen for them: ${(error as Error).message}`);
    live = await startLiveHost(
      engine,
      (event) => send(EVENT_CHANNEL, event),
      false,
      `the attach endpoint could not start: ${(error as Error).message}`,
    );
  }
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await live.close();
      await engine.close();
    })());
  registerHostIpc(electron.ipcMain, engine, live);
  registerDesktopIpc(electron.ipcMain, DESKTOP_METHOD_SCHEMAS, {
    saveLayout: ({ panels, theme }) => {
      state = { ...state, ...(panels ? { panels: { ...state.panels, ...panels } } : {}), ...(theme ? { theme } : {}) };
    },
    initialLayout: () => ({ panels: state.panels, theme: state.theme }),
    exportChart: (format, dataUrl) => {
      const comma = dataUrl.indexOf(',');
      const body = dataUrl.slice(0, comma).includes(';base64')
        ? Buffer.from(dataUrl.slice(comma + 1), 'base64')
        : Buffer.from(decodeURIComponent(dataUrl.slice(comma + 1)));
      return saveAs(`chart.${format}`, body, [{ name: format.toUpperCase(), extensions: [format] }]);
    },
  });

  const openGame = async (file: string) => {
    try {
      const view = await engine.call<SessionView>('open', { game: file });
      state = { ...state, recent: addRecent(state.recent, file) };
      setMenu();
      send(EVENT_CHANNEL, { type: 'session', view } satisfies HostEvent);
    } catch (error) {
      electron.dialog.showErrorBox('Could not open the game', (error as Error).message);
    }
  };
  const saveAs = async (defaultName: string, body: string | Buffer, filters: unknown[]) => {
    const result = await electron.dialog.showSaveDialog(window, { defaultPath: defaultName, filters });
    if (result.canceled || !result.filePath) return false;
    writeFileAtomic(result.filePath, body);
    return true;
  };
  const run = async (command: MenuCommand) => {
    switch (command.kind) {
      case 'open-game': {
        const result = await electron.dialog.showOpenDialog(window, { properties: ['openFile'], filters: GAME_FILTERS });
        if (!result.canceled && result.filePaths[0]) await openGame(result.filePaths[0]);
        break;
      }
      case 'open-recent':
        await openGame(command.file);
        break;
      case 'open-replay': {
        const result = await electron.dialog.showOpenDialog(window, { properties: ['openFile'], filters: OPEN_REPLAY_FILTERS });
        if (result.canceled || !result.filePaths[0]) break;
        try {
          const view = await engine.call<SessionView>('openReplay', await readFile(result.filePaths[0], 'utf8'), result.filePaths[0]);
          send(EVENT_CHANNEL, { type: 'session', view } satisfies HostEvent);
        } catch (error) {
          electron.dialog.showErrorBox('Could not open the replay', (error as Error).message);
        }
        break;
      }
      case 'save-replay': {
        const view = await engine.call<SessionView | null>('view');
        if (view) await saveAs(`${view.game.name}-${view.seed}.replay.json`, await engine.call<string>('exportReplay'), REPLAY_FILTERS);
        break;
      }
      case 'export-chart': {
        const view = await engine.call<SessionView | null>('view');
        if (!view) break;
        if (command.format === 'mermaid')
          await saveAs(`${view.game.name}.mmd`, chartToMermaid(view.chart), [{ name: 'Mermaid', extensions: ['mmd', 'md'] }]);
        else if (command.format === 'xstate')
          await saveAs(`${view.game.name}.xstate.json`, JSON.stringify(chartMachineConfig(view.chart), null, 2), [
            { name: 'JSON', extensions: ['json'] },
          ]);
        else send(COMMAND_CHANNEL, command); // the renderer draws the chart image and calls exportChart
        break;
      }
      case 'toggle-panel':
        state = { ...state, panels: { ...state.panels, [command.panel]: !state.panels[command.panel] } };
        send(COMMAND_CHANNEL, command);
        break;
      case 'theme':
        state = { ...state, theme: command.theme };
        send(COMMAND_CHANNEL, command);
        break;
      default:
        send(COMMAND_CHANNEL, command);
    }
  };
  const setMenu = () =>
    electron.Menu.setApplicationMenu(
      electron.Menu.buildFromTemplate(buildMenuTemplate(state.recent, (c) => void run(c), options.platform)),
    );
  setMenu();

  window.on('close', () => {
    const bounds = window.getBounds();
    state = { ...state, ...(window.isMaximized() ? {} : bounds), maximized: window.isMaximized() };
    saveWindowState(stateFile, state);
  });
  electron.app.on('window-all-closed', () => {
    void close();
    electron.app.quit();
  });

  // The session is opened before the page loads: the page adopts it when it starts, where one opened
  // afterwards would race the page's own default game (and could lose).
  const restored = unfinished.length > 0 && (await offerRestore(unfinished[0]));
  const initial = gameFileFromArgv(options.argv);
  if (initial && !restored) await openGame(path.resolve(initial));
  await window.loadURL(`${APP_ORIGIN}/index.html`);
  return { engine, window, live, close };

  /** A session a crash left unfinished: ask whether to restore it (every action it recorded) or discard it. */
  async function offerRestore(journal: FoundJournal): Promise<boolean> {
    if (!electron.dialog.showMessageBox) return false;
    const { response } = await electron.dialog.showMessageBox(window, {
      type: 'question',
      message: 'Restore the session that was open when Flowscope stopped?',
      detail: `${journal.open.game}, opened ${journal.at}: ${journal.actions.length} actions recorded.${journal.damaged ? ` Line ${journal.damaged.line} of its journal is damaged: the ${journal.damaged.actionsAfter} actions after it cannot be restored.` : ''}`,
      buttons: ['Restore', 'Discard'],
      defaultId: 0,
      cancelId: 1,
    });
    if (response !== 0) {
      rmSync(journal.file, { force: true });
      return false;
    }
    try {
      const view = await engine.restoreSession(journal);
      const losses = journalLosses(journal, retireJournal(journal));
      send(EVENT_CHANNEL, { type: 'session', view } satisfies HostEvent);
      if (losses)
        void electron.dialog.showMessageBox?.(window, { type: 'warning', message: 'The session was restored in part', detail: losses });
      return true;
    } catch (error) {
      electron.dialog.showErrorBox(
        'Could not restore the session',
        `${(error as Error).message}\n\nIts journal is kept at ${journal.file}.`,
      );
      return false;
    }
  }
}
