import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebSocketReceiver, type ParsedReceiverEvent } from '@xstate/inspect';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket, type ClientOptions } from 'ws';
import { ChartActor, chartOf, deepEqual, parseReplay, projectCtx, RandomPlayer, type ChartValue, type FlowAction } from '../../engine';
import { play } from '../cli/commands/play';
import { inspectCommand } from '../cli/commands/inspect';
import { dispatchAction, newSession, openGame } from '../game/open-session';
import { tempDirWith } from '../testing/temp-dir';
import { startInspectServer, type InspectServer } from './inspect-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = (name: string) => path.join(root, 'fixtures', name, 'game.ts');
const WAIT_MS = 5000;

// ---- clean-up: everything a test opens is closed after it ----------------------------------

const sockets = new Set<WebSocket>();
const servers: InspectServer[] = [];
const actors: ChartActor[] = [];

/** The receivers' WebSocket (Node 20 has no global one): tracked, and keeping raw frames. */
class TrackedWebSocket extends WebSocket {
  readonly raw: string[] = [];
  constructor(address: string | URL, protocols?: string | string[] | ClientOptions, options?: ClientOptions) {
    super(address, protocols as string[], options);
    sockets.add(this);
    this.on('message', (data, isBinary) => {
      if (!isBinary) this.raw.push(data.toString());
    });
  }
}

const saved = (globalThis as { WebSocket?: unknown }).WebSocket;
beforeAll(() => {
  (globalThis as { WebSocket?: unknown }).WebSocket = TrackedWebSocket;
});
afterAll(() => {
  (globalThis as { WebSocket?: unknown }).WebSocket = saved;
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const actor of actors.splice(0)) actor.stop();
  for (const socket of sockets) socket.terminate();
  sockets.clear();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(options?: Parameters<typeof startInspectServer>[0]): Promise<InspectServer> {
  const started = await startInspectServer(options);
  servers.push(started);
  return started;
}

function liveActor(...args: ConstructorParameters<typeof ChartActor>): ChartActor {
  const actor = new ChartActor(...args);
  actors.push(actor);
  return actor;
}

// ---- helpers --------------------------------------------------------------------------------

async function waitFor<T>(what: string, check: () => T | undefined | null | false): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${WAIT_MS} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface Receiver {
  events: ParsedReceiverEvent[];
  errors: unknown[];
  socket: TrackedWebSocket;
}

/** An `@xstate/inspect` WebSocket receiver, as an inspector UI would create it. */
function connectReceiver(url: string): Receiver {
  const before = new Set(sockets);
  const receiver = createWebSocketReceiver({ server: url.slice('ws://'.length), serialize: undefined });
  const socket = [...sockets].find((s) => !before.has(s)) as TrackedWebSocket;
  const events: ParsedReceiverEvent[] = [];
  const errors: unknown[] = [];
  receiver.subscribe(
    (event) => void events.push(event),
    (error) => void errors.push(error),
  );
  return { events, errors, socket };
}

function registered(receiver: Receiver, sessionId: string) {
  return receiver.events.find(
    (e): e is Extract<ParsedReceiverEvent, { type: 'service.register' }> => e.type === 'service.register' && e.sessionId === sessionId,
  );
}

/** The raw (unparsed) `service.register` frame for `sessionId`. */
function rawRegister(receiver: Receiver, sessionId: string): { machine: string; state: string } {
  const frame = receiver.socket.raw.map((t) => JSON.parse(t)).find((m) => m.type === 'service.register' && m.sessionId === sessionId);
  expect(frame, `a raw service.register for ${sessionId}`).toBeDefined();
  return frame;
}

function stopped(receiver: Receiver, sessionId: string): boolean {
  return receiver.events.some((e) => e.type === 'service.stop' && e.sessionId === sessionId);
}

function statesOf(receiver: Receiver, sessionIds: ReadonlySet<string>): { sessionId: string; value: unknown }[] {
  return receiver.events.flatMap((e) =>
    e.type === 'service.state' && sessionIds.has(e.sessionId) ? [{ sessionId: e.sessionId, value: e.state.value }] : [],
  );
}

type Attempt = { open: true } | { status: number } | { error: string };

/** Tries one raw WebSocket upgrade: opened, refused with an HTTP status, or failed to connect. */
function attempt(url: string, options: ClientOptions = {}): Promise<Attempt> {
  return new Promise((resolve) => {
    const ws = new TrackedWebSocket(url, options);
    ws.on('open', () => resolve({ open: true }));
    ws.on('unexpected-response', (req: { destroy(): void }, res: IncomingMessage) => {
      resolve({ status: res.statusCode ?? 0 });
      req.destroy();
    });
    ws.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

/** The machine's states as the inspector sees them: phases (+ gameover) → turn → players. */
function expectChartMachine(machineJson: string, phases: string[], players: string[], stages: Record<string, string[]> = {}) {
  const machine = JSON.parse(machineJson);
  expect(machine.id).toBe('flowscope');
  expect(Object.keys(machine.states).sort()).toEqual([...phases, 'gameover'].sort());
  for (const phase of phases) {
    const turn = machine.states[phase].states.turn;
    expect(turn.type).toBe('parallel');
    expect(Object.keys(turn.states)).toEqual(players);
    for (const player of players) {
      expect(Object.keys(turn.states[player].states)).toEqual(['active', 'waiting', ...(stages[phase] ?? []).map((s) => `stage:${s}`)]);
    }
  }
}

// ---- live inspection of a session ------------------------------------------------------------

/**
 * Plays `actions` (or `steps` seeded random steps) of a game with a devTools chart actor and a
 * connected receiver; checks the receiver saw the machine, then one `service.state` per state
 * the actor went through, each equal to `projectCtx` of its step (a restarted actor's first
 * state is its machine's initial state, announced with the new machine).
 */
async function inspectPlaythrough(file: string, numPlayers: number, play: { steps: number; seed: string } | FlowAction[]) {
  const consoleError = vi.spyOn(console, 'error');
  const inspectServer = await server();
  const opened = await openGame(file);
  const session = newSession(opened, numPlayers, Array.isArray(play) ? 'fixed' : play.seed, null);
  const model = chartOf(opened.game.config, numPlayers, opened.runtime);
  const actor = liveActor(model, { devTools: true });
  actor.sync(session.steps[0].ctx);

  const receiver = connectReceiver(inspectServer.url);
  const firstSession = actor.interpreter.sessionId;
  const register = await waitFor('service.register', () => registered(receiver, firstSession));
  expect(register.state.value).toEqual(projectCtx(session.steps[0].ctx, model.players));
  expectChartMachine(
    rawRegister(receiver, firstSession).machine,
    model.phases.map((p) => p.key),
    model.players,
    Object.fromEntries(model.phases.map((p) => [p.key, p.turn.stages.map((s) => s.name)])),
  );
  expect(Object.keys(register.machine.states).sort()).toEqual([...model.phases.map((p) => p.key), 'gameover'].sort());

  const random = Array.isArray(play) ? null : new RandomPlayer({ seed: play.seed, restartOnGameOver: true });
  const count = Array.isArray(play) ? play.length : play.steps;
  const expected: { sessionId: string; value: unknown }[] = [];
  const sessions = new Set([firstSession]);
  let previous: ChartValue = actor.value;
  let restarts = 0;
  for (let i = 0; i < count; i++) {
    const action = random ? random.choose(session) : (play as FlowAction[])[i];
    expect(action).not.toBeNull();
    const record = dispatchAction(session, action!);
    const grew = actor.sync(record.ctx);
    const projected = projectCtx(record.ctx, model.players);
    expect(actor.value).toEqual(projected);
    const sessionId = actor.interpreter.sessionId;
    if (grew) {
      restarts++;
      sessions.add(sessionId);
      const initial = actor.interpreter.machine.initialState.value;
      expected.push({ sessionId, value: initial });
      if (!deepEqual(initial, projected)) expected.push({ sessionId, value: projected });
    } else if (!deepEqual(previous, projected)) {
      expected.push({ sessionId, value: projected });
    }
    previous = projected;
  }
  const lastSession = actor.interpreter.sessionId;
  actor.stop(); // service.stop arrives after every state: the stream is complete
  await waitFor('service.stop', () => stopped(receiver, lastSession));
  expect(statesOf(receiver, sessions)).toEqual(expected);
  expect(receiver.errors).toEqual([]);
  expect(consoleError).not.toHaveBeenCalled();
  return { receiver, model, sessions: [...sessions], restarts, expected };
}

describe('inspect server: live chart states', () => {
  it('streams tic-tac-toe: the machine, then every state of a played session', async () => {
    const { expected, restarts } = await inspectPlaythrough(fixture('tic-tac-toe'), 2, { steps: 14, seed: 'inspect-ttt' });
    expect(restarts).toBe(0);
    expect(expected.length).toBeGreaterThanOrEqual(10);
  });

  it('streams Bang!: phases, parallel player regions and reactive stages', async () => {
    const { expected, model } = await inspectPlaythrough(fixture('bang'), 4, { steps: 40, seed: 'inspect-bang' });
    expect(model.players).toEqual(['0', '1', '2', '3']);
    const stages = expected.flatMap((e) =>
      typeof e.value === 'object' ? Object.values(Object.values(e.value as object)[0].turn as Record<string, string>) : [],
    );
    expect(stages.some((slot) => slot.startsWith('stage:'))).toBe(true);
  });

  it('announces the new machine when the chart grows (an undeclared stage restarts the actor)', async () => {
    const dir = tempDirWith({
      'grower.js': `export default {
        name: 'grower',
        setup: () => ({}),
        moves: { poke: ({ events }) => { events.setActivePlayers({ others: ['sur', 'prise'].join('') }); } },
      };\n`,
    });
    const { receiver, sessions, restarts } = await inspectPlaythrough(path.join(dir, 'grower.js'), 2, [
      { type: 'move', name: 'poke', args: [], playerID: '0' },
    ]);
    expect(restarts).toBe(1);
    expect(stopped(receiver, sessions[0])).toBe(true);
    const grown = registered(receiver, sessions[1]);
    expect(grown).toBeDefined();
    expectChartMachine(rawRegister(receiver, sessions[1]).machine, ['__nophase__'], ['0', '1'], { __nophase__: ['surprise'] });
  });
});

// ---- security ---------------------------------------------------------------------------------

describe('inspect server: security', () => {
  it('listens on 127.0.0.1 only, with a random 192-bit token in its URL', async () => {
    const s = await server();
    expect(s.address().address).toBe('127.0.0.1');
    expect(s.port).toBe(s.address().port);
    expect(s.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(s.url).toBe(`ws://127.0.0.1:${s.port}/?token=${s.token}`);
    expect((await server()).token).not.toBe(s.token);
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === 'IPv4');
    if (external) expect(await attempt(`ws://${external.address}:${s.port}/?token=${s.token}`)).toEqual({ error: 'ECONNREFUSED' });
  });

  it('refuses upgrades without the right token (401)', async () => {
    const s = await server();
    const base = `ws://127.0.0.1:${s.port}`;
    expect(await attempt(`${base}/`)).toEqual({ status: 401 });
    expect(await attempt(`${base}/?token=`)).toEqual({ status: 401 });
    expect(await attempt(`${base}/?token=${s.token.slice(0, -1)}`)).toEqual({ status: 401 });
    expect(await attempt(`${base}/?token=${s.token}x`)).toEqual({ status: 401 });
    expect(await attempt(`${base}/?tok=${s.token}`)).toEqual({ status: 401 });
    expect(await attempt(s.url)).toEqual({ open: true });
  });

  it('refuses foreign origins and non-loopback Host headers (403), accepts loopback pages', async () => {
    const s = await server();
    for (const origin of [
      'http://evil.example',
      'https://stately.ai',
      'null',
      'file://',
      'http://127.0.0.1.evil.example:80',
      'ws://127.0.0.1:1',
      'http://user@localhost:1',
    ]) {
      expect(await attempt(s.url, { origin }), origin).toEqual({ status: 403 });
    }
    // DNS rebinding: a page of evil.example whose name now resolves to 127.0.0.1
    expect(await attempt(s.url, { headers: { Host: `evil.example:${s.port}` } })).toEqual({ status: 403 });
    // a foreign page is refused even with the token
    expect(await attempt(`ws://127.0.0.1:${s.port}/`, { origin: 'http://evil.example' })).toEqual({ status: 403 });
    for (const origin of ['http://localhost:1234', 'http://127.0.0.1:5173', 'https://[::1]:8443']) {
      expect(await attempt(s.url, { origin }), origin).toEqual({ open: true });
    }
    expect(await attempt(s.url, { headers: { Host: `localhost:${s.port}` } })).toEqual({ open: true });
  });

  it('keeps clients read-only: they cannot drive the chart, end inspection, or crash the server', async () => {
    const s = await server();
    const opened = await openGame(fixture('tic-tac-toe'));
    const session = newSession(opened, 2, 'ro', null);
    const model = chartOf(opened.game.config, 2, opened.runtime);
    const actor = liveActor(model, { devTools: true });
    actor.sync(session.steps[0].ctx);
    const sessionId = actor.interpreter.sessionId;
    const before = actor.value;

    const hostile = connectReceiver(s.url);
    await waitFor('registration', () => registered(hostile, sessionId));
    const forged = { name: 'GAMEOVER', data: { type: 'GAMEOVER' }, $$type: 'scxml', type: 'external', origin: sessionId };
    hostile.socket.send(JSON.stringify({ type: 'xstate.event', event: JSON.stringify(forged), service: sessionId }));
    hostile.socket.send(JSON.stringify({ type: 'service.state', state: '{"value":"gameover"}', sessionId }));
    hostile.socket.send('not json');
    hostile.socket.send(JSON.stringify({ type: 'disconnect' }));
    hostile.socket.send(JSON.stringify({ type: 'unload' }));

    const watcher = connectReceiver(s.url);
    await waitFor('a second registration', () => registered(watcher, sessionId));
    expect(actor.value).toEqual(before);
    const record = dispatchAction(session, new RandomPlayer({ seed: 'ro' }).choose(session)!);
    actor.sync(record.ctx);
    const projected = projectCtx(record.ctx, model.players);
    await waitFor('the next state on both clients', () =>
      [watcher, hostile].every((r) => statesOf(r, new Set([sessionId])).some((e) => deepEqual(e.value, projected))),
    );
    for (const r of [watcher, hostile]) {
      expect(statesOf(r, new Set([sessionId])).map((e) => e.value)).toEqual([projected]);
      expect(r.events.some((e) => e.type === 'service.state' && deepEqual(e.state.value, 'gameover'))).toBe(false);
    }
  });
});

// ---- lifecycle ----------------------------------------------------------------------------------

describe('inspect server: lifecycle', () => {
  it('runs several servers in one process, each seeing every devTools actor; closing one leaves the others', async () => {
    const a = await server();
    const b = await server();
    const opened = await openGame(fixture('tic-tac-toe'));
    const session = newSession(opened, 2, 'many', null);
    const model = chartOf(opened.game.config, 2, opened.runtime);
    const actor = liveActor(model, { devTools: true });
    actor.sync(session.steps[0].ctx);
    const sessionId = actor.interpreter.sessionId;
    const onA = connectReceiver(a.url);
    const onB = connectReceiver(b.url);
    await waitFor('both registrations', () => registered(onA, sessionId) && registered(onB, sessionId));

    await a.close();
    await a.close(); // idempotent
    expect(await attempt(a.url)).toEqual({ error: 'ECONNREFUSED' });
    await waitFor('the client of the closed server to be closed', () => onA.socket.readyState === WebSocket.CLOSED);

    const c = await server();
    const onC = connectReceiver(c.url);
    await waitFor('registration on a server started after another closed', () => registered(onC, sessionId));
    const player = new RandomPlayer({ seed: 'many' });
    const record = dispatchAction(session, player.choose(session)!);
    actor.sync(record.ctx);
    const projected = projectCtx(record.ctx, model.players);
    for (const r of [onB, onC])
      await waitFor('the new state', () => statesOf(r, new Set([sessionId])).some((e) => deepEqual(e.value, projected)));
  });

  it('takes a port and a token, and says why when the port is taken', async () => {
    const first = await server({ token: 'a token/with+odd=chars' });
    expect(first.url).toBe(`ws://127.0.0.1:${first.port}/?token=a%20token%2Fwith%2Bodd%3Dchars`);
    expect(await attempt(first.url)).toEqual({ open: true });
    await expect(startInspectServer({ port: first.port })).rejects.toThrow(
      `cannot start the inspect server on 127.0.0.1:${first.port}: it is in use (choose another --inspect-port, or 0 for any free one)`,
    );
    await expect(startInspectServer({ token: '' })).rejects.toThrow('must not be empty');
  });
});

// ---- flowscope serve ---------------------------------------------------------------------------

describe('inspectCommand', () => {
  async function recordReplay(seed: string, steps: number): Promise<string> {
    const out = path.join(tempDirWith({}), 'replay.json');
    await play(
      { file: fixture('tic-tac-toe'), players: 2, seed, random: steps, out, setupData: null, expect: true, restart: true, undoRate: 0 },
      () => {},
      () => {},
    );
    return out;
  }

  /** The chart values of every step of a replay, computed without any inspector. */
  async function projectionsOf(replayFile: string): Promise<ChartValue[]> {
    const replay = parseReplay(readFileSync(replayFile, 'utf8'));
    const opened = await openGame(fixture('tic-tac-toe'));
    const session = newSession(opened, replay.numPlayers, replay.seed, replay.setupData);
    const actor = liveActor(chartOf(opened.game.config, replay.numPlayers, opened.runtime));
    actor.sync(session.steps[0].ctx);
    const values = [actor.value];
    for (const action of replay.actions) {
      actor.sync(dispatchAction(session, action).ctx);
      values.push(actor.value);
    }
    return values;
  }

  it('plays a replay to a connected receiver, then serves until aborted, resolving 0 and closing the port', async () => {
    const replayFile = await recordReplay('serve', 8);
    const projections = await projectionsOf(replayFile);
    const lines: string[] = [];
    const warnings: string[] = [];
    const controller = new AbortController();
    const done = inspectCommand(
      { file: fixture('tic-tac-toe'), players: 3, seed: 'ignored', inspect: true, replay: replayFile, intervalMs: 40 },
      (l) => lines.push(l),
      (l) => warnings.push(l),
      controller.signal,
    );
    const url = await waitFor('the inspect line', () => lines.find((l) => l.startsWith('inspect: '))?.slice('inspect: '.length));
    expect(url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{32}$/);
    expect(lines.filter((l) => l.startsWith('inspect: '))).toHaveLength(1);
    expect(lines.some((l) => l.includes(`createWebSocketReceiver({ server: '${url.slice('ws://'.length)}' })`))).toBe(true);
    const receiver = connectReceiver(url);

    await waitFor('every step line', () => lines.some((l) => l.startsWith('played 8 steps')));
    expect(lines.filter((l) => /^step \d+: /.test(l))).toHaveLength(9);
    expect(lines.find((l) => l.startsWith('step 0: '))).toBe('step 0: (game created) → __nophase__ 0:active 1:waiting');
    const registration = await waitFor('a registration', () => receiver.events.find((e) => e.type === 'service.register'));
    const sessionId = registration.sessionId;
    expect(receiver.events.filter((e) => e.type === 'service.register').map((e) => e.sessionId)).toEqual([sessionId]);
    expectChartMachine(rawRegister(receiver, sessionId).machine, ['__nophase__'], ['0', '1']);
    const final = projections[projections.length - 1];
    await waitFor('the final state', () => {
      const seen = [registration.state.value, ...statesOf(receiver, new Set([sessionId])).map((e) => e.value)];
      return deepEqual(seen[seen.length - 1], final);
    });
    // whatever the receiver saw, it saw in order, and each was a step's projection
    let at = 0;
    for (const value of [registration.state.value, ...statesOf(receiver, new Set([sessionId])).map((e) => e.value)]) {
      while (at < projections.length && !deepEqual(projections[at], value)) at++;
      expect(at, `state ${JSON.stringify(value)} is a later step's projection`).toBeLessThan(projections.length);
    }

    controller.abort();
    expect(await done).toBe(0);
    expect(stopped(receiver, sessionId)).toBe(true);
    expect(await attempt(url)).toEqual({ error: 'ECONNREFUSED' });
    expect(warnings).toEqual([]);
  });

  it('plays seeded random steps without inspection, and stops early when aborted', async () => {
    const lines: string[] = [];
    const controller = new AbortController();
    const done = inspectCommand(
      { file: fixture('tic-tac-toe'), players: 2, seed: 'rnd', inspect: false, random: 12, intervalMs: 0 },
      (l) => lines.push(l),
      () => {},
      controller.signal,
    );
    await waitFor('the random steps', () => lines.some((l) => l.startsWith('played 12 steps')));
    controller.abort();
    expect(await done).toBe(0);
    expect(lines.some((l) => l.startsWith('inspect:'))).toBe(false);
    expect(lines.filter((l) => /^step \d+: /.test(l))).toHaveLength(13);
    expect(lines.some((l) => / → gameover$/.test(l)) || lines.some((l) => /: reset → /.test(l))).toBe(true);

    const slow = new AbortController();
    const slowLines: string[] = [];
    const started = Date.now();
    const slowRun = inspectCommand(
      { file: fixture('tic-tac-toe'), players: 2, seed: 'rnd', inspect: true, random: 1000, intervalMs: 60_000 },
      (l) => slowLines.push(l),
      () => {},
      slow.signal,
    );
    const url = await waitFor('the inspect line', () => slowLines.find((l) => l.startsWith('inspect: '))?.slice('inspect: '.length));
    slow.abort();
    expect(await slowRun).toBe(0);
    expect(Date.now() - started).toBeLessThan(WAIT_MS);
    expect(slowLines.filter((l) => /^step \d+: /.test(l))).toEqual(['step 0: (game created) → __nophase__ 0:active 1:waiting']);
    expect(await attempt(url)).toEqual({ error: 'ECONNREFUSED' });
  });

  it('lets errors loading the game propagate, leaving no server behind', async () => {
    const controller = new AbortController();
    await expect(
      inspectCommand(
        { file: path.join(tempDirWith({}), 'missing.ts'), players: 2, seed: 's', inspect: true, intervalMs: 0 },
        () => {},
        () => {},
        controller.signal,
      ),
    ).rejects.toThrow(/missing\.ts/);
    await expect(
      inspectCommand(
        { file: fixture('tic-tac-toe'), players: 2, seed: 's', inspect: true, replay: 'r.json', random: 3, intervalMs: 0 },
        () => {},
        () => {},
        controller.signal,
      ),
    ).rejects.toThrow('not both');
  });
});
