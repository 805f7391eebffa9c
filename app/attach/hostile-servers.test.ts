import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createRequire } from 'node:module';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';

// `flowscope import-match` against servers that are not the boardgame.io server they claim to be,
// through the real binary: each is one line and exit 2, and the process always ends.
const require = createRequire(import.meta.url);
const { Server: SocketServer } = require('socket.io');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/flowscope.mjs');
const ttt = path.join(root, 'fixtures/tic-tac-toe/game.ts');
const closers: (() => void)[] = [];
afterAll(() => closers.forEach((close) => close()));

/** Runs the binary without blocking this process (the fake servers live in it); null status when it had to be killed. */
function importMatch(...args: string[]): Promise<{ status: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'import-match', ttt, ...args], {
      env: { ...process.env, FLOWSCOPE_STATE_DIR: tempDirWith({}) },
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.stdout.on('data', (c) => (stdout += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.on('exit', (status) => {
      clearTimeout(timer);
      resolve({ status, stderr, stdout });
    });
  });
}

function expectOneLine(run: { status: number | null; stderr: string }, pattern: RegExp) {
  expect(run.status, `the command did not end by itself: ${run.stderr}`).not.toBeNull();
  expect(run.stderr.trim()).toMatch(pattern);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).not.toMatch(/unexpected failure|TypeError|\n\s+at /);
  expect(run.status).toBe(2);
}

const validState = (overrides: Record<string, unknown> = {}) => ({
  G: { cells: Array(9).fill(null) },
  ctx: {
    numPlayers: 2,
    turn: 1,
    currentPlayer: '0',
    playOrder: ['0', '1'],
    playOrderPos: 0,
    phase: null,
    activePlayers: null,
    numMoves: 0,
  },
  plugins: { random: { data: { seed: 'fake' } } },
  _stateID: 0,
  ...overrides,
});

/** A socket.io server that answers a spectator's `sync` with whatever `answer` gives. */
async function fakeServer(answer: (matchID: string, socket: any) => void): Promise<string> {
  const http: HttpServer = createHttpServer();
  const io = new SocketServer(http, { cors: { origin: '*' } });
  io.of(/.*/).on('connection', (socket: any) => socket.on('sync', (matchID: string) => answer(matchID, socket)));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
  closers.push(() => {
    io.close();
    http.closeAllConnections();
    http.close();
  });
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

const syncWith = (info: Record<string, unknown>) => (matchID: string, socket: any) =>
  socket.emit('sync', matchID, { filteredMetadata: [], log: [], state: validState(), initialState: validState(), ...info });

describe('import-match against hostile servers', () => {
  it('a server that accepts the connection but never answers: one line after the wait, and the process ends', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    closers.push(() => silent.close());
    const run = await importMatch('--server', `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, '--match', 'm');
    expectOneLine(run, /^flowscope: no answer from http:\/\/127\.0\.0\.1:\d+ for match m within 10 s/);
  }, 60_000);

  it('a server that refuses the connection: one line at once, naming why', async () => {
    const closedPort = net.createServer();
    await new Promise<void>((r) => closedPort.listen(0, '127.0.0.1', () => r()));
    const port = (closedPort.address() as AddressInfo).port;
    await new Promise<void>((r) => closedPort.close(() => r()));
    expectOneLine(
      await importMatch('--server', `http://127.0.0.1:${port}`, '--match', 'm'),
      new RegExp(`^flowscope: cannot connect to http://127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`),
    );
  }, 60_000);

  it('a sync with a null state, a null ctx or a null initial state is refused in one line naming what is wrong', async () => {
    expectOneLine(
      await importMatch('--server', await fakeServer(syncWith({ state: null })), '--match', 'm'),
      /^flowscope: the server at .* sent a sync for match m that is not boardgame\.io's: state: expected an object, got null/,
    );
    expectOneLine(
      await importMatch('--server', await fakeServer(syncWith({ state: validState({ ctx: null }) })), '--match', 'm'),
      /^flowscope: the server at .* sent a sync .*: state\.ctx: expected an object, got null/,
    );
    expectOneLine(
      await importMatch('--server', await fakeServer(syncWith({ initialState: null })), '--match', 'm'),
      /^flowscope: the server at .* sent a sync .*: initialState: expected an object, got null/,
    );
  }, 120_000);

  it('garbage before the sync is refused, not a crash', async () => {
    const garbage = await fakeServer((matchID, socket) => {
      socket.emit('sync', matchID, 'garbage');
      syncWith({})(matchID, socket);
    });
    expectOneLine(
      await importMatch('--server', garbage, '--match', 'm'),
      /^flowscope: the server at .* sent a sync .*: expected an object, got string/,
    );
    const updates = await fakeServer((matchID, socket) => {
      socket.emit('update', matchID, null, 'garbage');
      socket.emit('patch', matchID, 0, 1, 'garbage', null);
      socket.emit('sync', matchID, { state: { G: 1 } });
    });
    expectOneLine(
      await importMatch('--server', updates, '--match', 'm'),
      /^flowscope: the server at .* sent a sync .*state\.ctx: expected an object/,
    );
  }, 120_000);

  it('a seed that is an object and a log that is not an array are bad input (2), not a replay of "[object Object]"', async () => {
    const objectSeed = validState({ plugins: { random: { data: { seed: { a: 1 } } } } });
    expectOneLine(
      await importMatch('--server', await fakeServer(syncWith({ initialState: objectSeed, state: objectSeed })), '--match', 'm'),
      /initialState\.plugins\.random\.data\.seed: expected a string or a number, got an object/,
    );
    expectOneLine(
      await importMatch('--server', await fakeServer(syncWith({ log: 'not a log' })), '--match', 'm'),
      /: log: expected an array, got string/,
    );
  }, 120_000);

  it('a FlatFile match whose log is not an array is bad input (2) too', async () => {
    const storage = tempDirWith({});
    const put = (key: string, value: unknown) =>
      writeFileSync(path.join(storage, createHash('md5').update(key).digest('hex')), JSON.stringify({ key, value }));
    put('m:initial', validState());
    put('m', validState());
    put('m:log', { not: 'a log' });
    expectOneLine(
      await importMatch('--storage', storage, '--match', 'm'),
      /^flowscope: .* holds a match m that is not boardgame\.io's: log: expected an array, got an object/,
    );
  }, 60_000);
});
