import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';
import { gameFileFromArgv, registerSchemes, startDesktop } from './desktop';
import { REQUEST_CHANNEL } from './ipc';
import { fakeElectron, TEST_ATTACH, TRUSTED } from './testing/fake-electron';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe('the desktop app (Electron main process, with Electron faked)', () => {
  it('opens a hardened window on the app protocol and answers the UI over validated IPC', async () => {
    const userData = tempDirWith({});
    const fake = fakeElectron(userData);
    const game = path.join(root, 'fixtures', 'tic-tac-toe', 'game.ts');
    const { close } = await startDesktop(fake.electron, {
      argv: [game],
      uiDir: path.join(root, 'renderer', 'dist'),
      fixturesDir: path.join(root, 'fixtures'),
      preload: '/app/preload.cjs',
      platform: 'linux',
      attach: TEST_ATTACH,
    });
    cleanup = close;
    expect(fake.created[0].webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      preload: '/app/preload.cjs',
    });
    expect(fake.calls.permissionsDenied).toBe(true);
    expect(fake.calls.protocolHandled).toBe('flowscope');
    expect(fake.calls.loaded).toBe('flowscope://app/index.html');
    // The game named on the command line was opened and announced to the UI.
    expect(fake.sent.find(([, p]) => p.type === 'session')?.[1].view.game.name).toBe('tic-tac-toe');
    const step = await fake.request('dispatch', { type: 'move', name: 'clickCell', args: [0], playerID: '0' });
    expect(step.result).toMatchObject({ index: 1, ok: true });
    await expect(fake.handlers.get(REQUEST_CHANNEL)!({ senderFrame: { url: 'https://evil.example' } }, 'listGames', [])).rejects.toThrow(
      /refused/,
    );
    // Recent files, window size and layout are remembered.
    expect(fake.calls.menus.at(-1)[0].submenu[1].submenu[0].label).toBe('tic-tac-toe/game.ts');
    await fake.handlers.get('flowscope:layout')!(TRUSTED, { panels: { inspector: false }, theme: 'light' });
    // Layouts outside the protocol's schema change nothing (a stray key, a panel that is not a boolean, another theme).
    await fake.handlers.get('flowscope:layout')!(TRUSTED, { panels: { log: 'no' }, theme: 'light' });
    await fake.handlers.get('flowscope:layout')!(TRUSTED, { theme: 'neon' });
    await fake.handlers.get('flowscope:layout')!(TRUSTED, { theme: 'dark', extra: 1 });
    expect(await fake.handlers.get('flowscope:export')!(TRUSTED, 'svg', 'file:///etc/passwd')).toBe(false);
    expect(await fake.handlers.get('flowscope:export')!(TRUSTED, 'exe', 'data:image/png;base64,AA==')).toBe(false);
    fake.windowEvents.get('close')!();
    const saved = JSON.parse(readFileSync(path.join(userData, 'window-state.json'), 'utf8'));
    expect(saved).toMatchObject({
      width: 1000,
      height: 700,
      x: 5,
      y: 6,
      theme: 'light',
      panels: { inspector: false, log: true },
      recent: [game],
    });
  });

  it('File menu: opens replays, saves replays and exports the chart as Mermaid', async () => {
    const dir = tempDirWith({});
    const replayFile = path.join(dir, 'saved.replay.json');
    const fake = fakeElectron(dir, { save: replayFile });
    const { close } = await startDesktop(fake.electron, {
      argv: [],
      uiDir: path.join(root, 'renderer', 'dist'),
      fixturesDir: path.join(root, 'fixtures'),
      preload: '/p.cjs',
      platform: 'linux',
      attach: TEST_ATTACH,
    });
    cleanup = close;
    await fake.request('open', { game: 'bang', numPlayers: 4, seed: 'menu' });
    await fake.request('random', 12);
    await fake.clickMenu('File', 'Save Replay…');
    await vi.waitFor(() => expect(existsSync(replayFile)).toBe(true));
    expect(JSON.parse(readFileSync(replayFile, 'utf8')).actions).toHaveLength(12);

    const mermaid = path.join(dir, 'chart.mmd');
    const exporter = fakeElectron(dir, { save: mermaid });
    Object.assign(fake.electron.dialog, { showSaveDialog: exporter.electron.dialog.showSaveDialog });
    await fake.clickMenu('File', 'Export Chart', 'Mermaid…');
    await vi.waitFor(() => expect(existsSync(mermaid)).toBe(true));
    expect(readFileSync(mermaid, 'utf8')).toMatch(/^stateDiagram-v2\n/);

    Object.assign(fake.electron.dialog, { showOpenDialog: async () => ({ canceled: false, filePaths: [replayFile] }) });
    fake.sent.length = 0;
    await fake.clickMenu('File', 'Open Replay…');
    await vi.waitFor(() => expect(fake.sent.some(([, p]) => p.type === 'session' && p.view.length === 13)).toBe(true));

    writeFileSync(path.join(dir, 'broken.json'), '{"format":"flowscope-replay"}');
    Object.assign(fake.electron.dialog, { showOpenDialog: async () => ({ canceled: false, filePaths: [path.join(dir, 'broken.json')] }) });
    await fake.clickMenu('File', 'Open Replay…');
    await vi.waitFor(() => expect(fake.calls.errors.at(-1)).toMatch(/invalid replay file:\n {2}- version/));
  });

  it('View menu and chart images are the renderer’s: commands are sent to it', async () => {
    const fake = fakeElectron(tempDirWith({}));
    const { close } = await startDesktop(fake.electron, {
      argv: [],
      uiDir: path.join(root, 'renderer', 'dist'),
      fixturesDir: path.join(root, 'fixtures'),
      preload: '/p.cjs',
      platform: 'linux',
      attach: TEST_ATTACH,
    });
    cleanup = close;
    await fake.request('open', { game: 'tic-tac-toe' });
    fake.sent.length = 0;
    await fake.clickMenu('View', 'Zoom to Fit');
    await fake.clickMenu('View', 'Toggle Log');
    await fake.clickMenu('File', 'Export Chart', 'SVG…');
    await vi.waitFor(() => expect(fake.sent.filter(([c]) => c === 'flowscope:command')).toHaveLength(3));
    expect(fake.sent.filter(([c]) => c === 'flowscope:command').map(([, p]) => p)).toEqual([
      { kind: 'zoom-fit' },
      { kind: 'toggle-panel', panel: 'log' },
      { kind: 'export-chart', format: 'svg' },
    ]);
  });

  it('offers to restore a session its last run left unfinished, with every action', async () => {
    const userData = tempDirWith({});
    const first = fakeElectron(userData);
    const options = {
      argv: [],
      uiDir: path.join(root, 'renderer', 'dist'),
      fixturesDir: path.join(root, 'fixtures'),
      preload: '/p.cjs',
      platform: 'linux',
      attach: TEST_ATTACH,
    };
    const run1 = await startDesktop(first.electron, options);
    await first.request('open', { game: 'tic-tac-toe', seed: 'crash' });
    await first.request('dispatch', { type: 'move', name: 'clickCell', args: [4], playerID: '0' });
    await first.request('dispatch', { type: 'move', name: 'clickCell', args: [0], playerID: '1' });
    // What a crash leaves: the journal of a process that is gone (this one lives on, so its id is swapped).
    const sessions = path.join(userData, 'sessions');
    const [journal] = readdirSync(sessions);
    writeFileSync(
      path.join(sessions, `0-0-crashed${journal.slice(journal.indexOf('.journal'))}`),
      readFileSync(path.join(sessions, journal), 'utf8').replace(`"pid":${process.pid}`, '"pid":2147483646'),
    );
    await run1.close();

    const second = fakeElectron(userData);
    const asked: Array<Record<string, unknown>> = [];
    Object.assign(second.electron.dialog, {
      showMessageBox: async (_w: unknown, o: Record<string, unknown>) => (asked.push(o), { response: 0 }),
    });
    const run2 = await startDesktop(second.electron, options);
    cleanup = run2.close;
    expect(asked[0].detail).toMatch(/tic-tac-toe\/game\.ts, opened .*: 2 actions recorded/);
    expect(second.sent.find(([, p]) => p.type === 'session')?.[1].view).toMatchObject({ length: 3, seed: 'crash' });
    expect((await second.request('step', 2)).result).toMatchObject({ action: { args: [0], playerID: '1' } });
    expect(readdirSync(sessions).filter((f) => f.includes('crashed'))).toEqual([]);
  });

  it('finds a game file among the command-line arguments, and registers its scheme before start-up', () => {
    expect(gameFileFromArgv(['--inspect', 'games/x.ts'])).toBe('games/x.ts');
    expect(gameFileFromArgv(['--verbose'])).toBeUndefined();
    const registerSchemesAsPrivileged = vi.fn();
    registerSchemes({ protocol: { registerSchemesAsPrivileged, handle: vi.fn() } });
    expect(registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'flowscope', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
  });
});
