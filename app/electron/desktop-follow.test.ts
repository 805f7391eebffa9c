import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEFAULT_ATTACH_URL, enhancerSnippet, type AttachInfo, type LiveMatchSummary, type StepDetail } from '../../engine';
import { DEFAULT_URL, flowscope, flowscopeStorage } from '../../attach/flowscope-attach.mjs';
import { TicTacToe } from '../../fixtures/tic-tac-toe/game';
import { recordingStorage, startBgioServer, twoPlayerMatch, until } from '../attach/testing/bgio-server';
import { startUiServer } from '../server/ui-server';
import { callHostSocket, connectHostSocket } from '../testing/host-socket';
import { tempDirWith } from '../testing/temp-dir';
import { attachOptionsFromArgv } from './attach-args';
import { startDesktop } from './desktop';
import { EVENT_CHANNEL, REQUEST_CHANNEL } from './ipc';
import { fakeElectron, TEST_ATTACH } from './testing/fake-electron';

const require = createRequire(import.meta.url);
const { Client } = require('boardgame.io/dist/cjs/client.js');
const root = path.resolve(import.meta.dirname, '../..');
const TIC_TAC_TOE = path.join(root, 'fixtures', 'tic-tac-toe', 'game.ts');

const stops: (() => unknown)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});
afterAll(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** The desktop app's main process with Electron faked, on the tic-tac-toe fixture. */
async function desktop(attach: Parameters<typeof startDesktop>[1]['attach'] = TEST_ATTACH) {
  const fake = fakeElectron(tempDirWith({}));
  const app = await startDesktop(fake.electron, {
    argv: [TIC_TAC_TOE],
    uiDir: path.join(root, 'renderer', 'dist'),
    fixturesDir: path.join(root, 'fixtures'),
    preload: '/p.cjs',
    platform: 'linux',
    attach,
  });
  stops.push(app.close);
  /** A call from the app's page over IPC, as the preload makes it; the answer's result, or its error thrown. */
  const call = async <T>(method: string, ...params: unknown[]): Promise<T> => {
    const answer = await fake.request(method, ...params);
    if (!answer.ok) throw Object.assign(new Error(answer.error.message), { name: answer.error.name });
    return answer.result as T;
  };
  const matches = async () =>
    await call<{ matches: LiveMatchSummary[]; following: string | null; attach: AttachInfo | null }>('liveMatches');
  /** The one reported match of this source with at least `steps` steps. */
  const reported = async (source: 'client' | 'server', steps: number) => {
    let found: LiveMatchSummary | undefined;
    await until(async () => !!(found = (await matches()).matches.find((m) => m.source === source && m.steps >= steps)));
    if (!found) throw new Error(`no ${source} match with ${steps} steps reached the desktop app`);
    return found.id;
  };
  const length = async () => (await call<{ length: number }>('view')).length;
  const steps = async (count: number) => {
    const out: StepDetail[] = [];
    for (let i = 0; i < count; i++) out.push(await call<StepDetail>('step', i));
    return out;
  };
  const events = (type: string) =>
    fake.sent.filter(([channel, event]) => channel === EVENT_CHANNEL && event.type === type).map(([, event]) => event);
  return { fake, app, call, matches, reported, length, steps, events };
}

const live = (d: StepDetail) => d.diagnostics.filter((x) => x.code.startsWith('live-')).map((x) => `${x.code}: ${x.message}`);
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));
const FLOW_FIELDS = ['phase', 'turn', 'currentPlayer', 'playOrder', 'playOrderPos', 'activePlayers', 'numMoves'];

/** Flowscope's step against the game's own state: the same G, and every ctx field the step shows (the flow's at least) the same. */
function expectSameState(step: StepDetail, index: number, state: { G: unknown; ctx: Record<string, unknown> }): void {
  const shown = Object.keys(step.ctx);
  expect(shown).toEqual(expect.arrayContaining(FLOW_FIELDS));
  expect({ step: index, G: step.G, ctx: step.ctx }).toEqual({
    step: index,
    G: state.G,
    ctx: Object.fromEntries(shown.map((k) => [k, state.ctx[k]])),
  });
  // The follower compared the whole state with what the game reported, and found no difference.
  expect(live(step)).toEqual([]);
}

describe('the desktop app follows a game you run (main process with Electron faked)', () => {
  it('follows a local boardgame.io client with the enhancer over IPC: the same state as the client after every action', async () => {
    const d = await desktop();
    const { attach } = await d.matches();
    expect(attach).toEqual({ url: d.app.live.attach!.url, token: TEST_ATTACH.token });
    expect(attach!.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/attach$/);

    const client = Client({
      game: TicTacToe,
      numPlayers: 2,
      enhancer: flowscope({ url: attach!.url, token: attach!.token, game: TicTacToe }),
    });
    client.start();
    stops.push(() => client.stop());
    const states = [plain(client.getState())];
    const play = (cell: number) => {
      client.moves.clickCell(cell);
      states.push(plain(client.getState()));
    };
    play(4);
    play(4); // refused: the cell is taken
    const id = await d.reported('client', 2);

    const view = await d.call<{ length: number; seed: string; game: { name: string } }>('followLive', id);
    expect(view).toMatchObject({ length: 3, seed: client.getInitialState().plugins.random.data.seed, game: { name: 'tic-tac-toe' } });
    expect((await d.matches()).following).toBe(id);
    for (const cell of [0, 8, 1, 2, 3, 6]) play(cell);
    expect(await until(async () => (await d.length()) === states.length)).toBe(true);

    const followed = await d.steps(states.length);
    expect(followed.map((s) => s.ok)).toEqual([true, true, false, true, true, true, true, true, true]);
    for (const [i, step] of followed.entries()) {
      expectSameState(step, i, states[i]);
    }
    expect(followed.at(-1)!.ctx.gameover).toEqual({ winner: '0' });
    // The renderer was told of the match and of each step that arrived after Follow, over the event channel.
    expect(d.events('live').some((e) => e.following === id)).toBe(true);
    expect(d.events('live-steps').flatMap((e) => e.steps.map((s: { index: number }) => s.index))).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('follows a match of a real boardgame.io server through its storage wrapper: every step is the state the server stored', async () => {
    const d = await desktop();
    const { attach } = await d.matches();
    let recorded!: ReturnType<typeof recordingStorage>;
    let storage: { flowscopeClose(): void } | undefined;
    const bgio = await startBgioServer(
      [TicTacToe],
      undefined,
      (db) => (storage = flowscopeStorage((recorded = recordingStorage(db)), { url: attach!.url, token: attach!.token })),
    );
    stops.push(
      () => bgio.close(),
      () => storage?.flowscopeClose(),
    );
    const stored = async () => Number(bgio.db.fetch('desk-1', { state: true }).state?._stateID ?? -1);
    const match = await twoPlayerMatch(bgio.url, TicTacToe, 'desk-1', stored, stops);
    // Two moves before following, three after: Follow re-runs the first ones, then keeps up.
    expect(
      await match.play([
        [0, 'clickCell', 0],
        [1, 'clickCell', 4],
      ]),
    ).toBe(true);
    const id = await d.reported('server', 2);
    expect((await d.matches()).matches.find((m) => m.id === id)).toMatchObject({
      matchID: 'desk-1',
      game: 'tic-tac-toe',
      numPlayers: 2,
      connected: true,
    });
    await d.call('followLive', id);
    expect(
      await match.play([
        [0, 'clickCell', 1],
        [1, 'clickCell', 5],
        [0, 'clickCell', 2],
      ]),
    ).toBe(true);
    expect(await until(async () => (await d.length()) === 6)).toBe(true);

    const states = recorded.states.get('desk-1')!;
    expect([...states.keys()]).toEqual([0, 1, 2, 3, 4, 5]);
    const followed = await d.steps(6);
    for (const [i, step] of followed.entries()) {
      expectSameState(step, i, states.get(i));
    }
    expect(followed[5].ctx.gameover).toEqual({ winner: '0' });
  });

  it('checks live requests over IPC as serve does over its WebSocket, and keeps the endpoint to 127.0.0.1, the token and local Origins', async () => {
    const d = await desktop();
    await expect(d.call('followLive', 7)).rejects.toThrow(/^followLive: params\[0\]: expected a followed match id/);
    await expect(d.call('followLive', 'nobody/default')).rejects.toThrow('no followed match nobody/default');
    await expect(d.call('liveMatches', 'extra')).rejects.toThrow(/^liveMatches: params: takes no parameters$/);
    await expect(
      d.fake.handlers.get(REQUEST_CHANNEL)!({ senderFrame: { url: 'https://evil.example/' } }, 'liveMatches', []),
    ).rejects.toThrow(/refused a request from https:\/\/evil\.example/);

    const { url, token } = d.app.live.attach!;
    const connect = (query: string, origin?: string) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`${url}${query}`, origin ? { origin } : {});
        ws.once('open', () => resolve(ws));
        ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
        ws.once('error', reject);
      });
    await expect(connect('?token=wrong')).rejects.toThrow('refused 401');
    await expect(connect(`?token=${token}`, 'https://evil.example')).rejects.toThrow('refused 403');
    (await connect(`?token=${token}`, 'http://localhost:5173')).close();
    // Closing the app closes the endpoint.
    await d.app.close();
    await expect(connect(`?token=${token}`)).rejects.toThrow();
  });

  it('answers each live request word for word as serve answers it over its WebSocket', async () => {
    const d = await desktop();
    const serve = await startUiServer({
      staticDir: tempDirWith({}),
      fixturesDir: path.join(root, 'fixtures'),
      watch: false,
      attach: { port: 0, token: TEST_ATTACH.token },
    });
    stops.push(() => serve.close());
    const ws = await connectHostSocket(serve.port, serve.token);
    stops.push(() => ws.close());
    const calls: [string, unknown[]][] = [
      ['liveMatches', []],
      ['liveMatches', ['extra']],
      ['followLive', []],
      ['followLive', [7]],
      ['followLive', ['']],
      ['followLive', ['nobody/default']],
    ];
    const oks: boolean[] = [];
    for (const [i, [method, params]] of calls.entries()) {
      const overWs = await callHostSocket(ws, i + 1, method, params);
      const overIpc = await d.fake.request(method, ...params);
      // The replies differ only in their ids (IPC answers one call at a time) and in where each endpoint listens.
      const same = (reply: any) => ({
        ...reply,
        id: null,
        ...(reply.result ? { result: { ...reply.result, attach: { token: reply.result.attach.token } } } : {}),
      });
      expect(same(overIpc)).toEqual(same(overWs));
      oks.push(overIpc.ok);
    }
    expect(oks).toEqual([true, false, false, false, false, false]);
  });

  it('shows the pairing token: this user’s own token file by default, and the line to copy', async () => {
    const home = tempDirWith({});
    const before = process.env.FLOWSCOPE_HOME;
    process.env.FLOWSCOPE_HOME = home;
    stops.push(() => (before === undefined ? delete process.env.FLOWSCOPE_HOME : (process.env.FLOWSCOPE_HOME = before)));
    const d = await desktop({ port: 0 });
    const { attach } = await d.matches();
    expect(attach!.token).toBe(readFileSync(path.join(home, 'attach-token'), 'utf8').trim());
    expect(enhancerSnippet(attach!)).toBe(`flowscope({ token: '${attach!.token}', url: '${attach!.url}' })`);
    expect(enhancerSnippet({ url: DEFAULT_ATTACH_URL, token: 'abc' })).toBe("flowscope({ token: 'abc' })");
    expect(DEFAULT_URL).toBe(DEFAULT_ATTACH_URL);
    // File › Follow a Game You Run… asks the renderer to show them.
    d.fake.sent.length = 0;
    await d.fake.clickMenu('File', 'Follow a Game You Run…');
    await until(() => d.fake.sent.length > 0);
    expect(d.fake.sent).toEqual([['flowscope:command', { kind: 'show-attach' }]]);
  });

  it('starts without following, and says why, when the endpoint cannot listen', async () => {
    const first = await desktop();
    const taken = first.app.live.attach!.port;
    const d = await desktop({ port: taken, token: TEST_ATTACH.token });
    expect(d.fake.calls.errors).toEqual([expect.stringMatching(/^Flowscope could not listen for them: .*EADDRINUSE/)]);
    await expect(d.call('liveMatches')).rejects.toThrow(/^following games is off \(the attach endpoint could not start: .*EADDRINUSE/);
    // The rest of the app works.
    expect(await d.call('dispatch', { type: 'move', name: 'clickCell', args: [0], playerID: '0' })).toMatchObject({ index: 1, ok: true });
  });

  it('takes another free port when the usual one is taken (serve running too), and the line to copy names it', async () => {
    // Hold 8765 (unless something on this machine already does: the same situation).
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.once('error', () => resolve()).listen(8765, '127.0.0.1', () => resolve()));
    stops.push(() => new Promise<void>((resolve) => (holder.listening ? holder.close(() => resolve()) : resolve())));
    const d = await desktop({ token: TEST_ATTACH.token });
    const { attach } = await d.matches();
    expect(attach!.url).not.toBe(DEFAULT_ATTACH_URL);
    expect(enhancerSnippet(attach!)).toContain(`url: '${attach!.url}'`);
  });

  it('takes the attach options serve takes from its command line: the port, the token, the Origins (replacing the local ones)', async () => {
    expect(
      attachOptionsFromArgv([
        'game.ts',
        '--attach-port',
        '0',
        '--attach-token',
        'abcdefghijklmnop',
        '--attach-origin',
        'http://mygame.test:3000',
        '--attach-origin',
        'http://other.test',
      ]),
    ).toEqual({
      attach: { port: 0, token: 'abcdefghijklmnop', origins: ['http://mygame.test:3000', 'http://other.test'] },
      problems: [],
    });
    expect(attachOptionsFromArgv(['--no-attach', '--attach-port', '9'])).toEqual({ attach: false, problems: [] });
    expect(attachOptionsFromArgv(['--attach-port', 'many', '--attach-token'])).toEqual({
      attach: {},
      problems: ['--attach-port must be a port number from 0 to 65535, got many', '--attach-token needs a value'],
    });
    expect(attachOptionsFromArgv([TIC_TAC_TOE, '--inspect'])).toEqual({ attach: {}, problems: [] });

    const fake = fakeElectron(tempDirWith({}));
    const app = await startDesktop(fake.electron, {
      argv: [TIC_TAC_TOE, '--attach-port', '0', '--attach-token', 'from-the-command-line', '--attach-origin', 'http://mygame.test:3000'],
      uiDir: path.join(root, 'renderer', 'dist'),
      fixturesDir: path.join(root, 'fixtures'),
      preload: '/p.cjs',
      platform: 'linux',
    });
    stops.push(app.close);
    const { url, token } = app.live.attach!;
    expect(token).toBe('from-the-command-line');
    const connect = (origin: string) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`${url}?token=${token}`, { origin });
        ws.once('open', () => (ws.close(), resolve(101)));
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode!));
        ws.once('error', reject);
      });
    expect(await connect('http://mygame.test:3000')).toBe(101);
    expect(await connect('http://localhost:5173')).toBe(403);
    expect(fake.calls.errors).toEqual([]);
  });

  it('with attach off, answers the live methods with why', async () => {
    const d = await desktop(false);
    const fromArgv = fakeElectron(tempDirWith({}));
    const app = await startDesktop(fromArgv.electron, {
      argv: ['--no-attach'],
      uiDir: path.join(root, 'renderer', 'dist'),
      fixturesDir: path.join(root, 'fixtures'),
      preload: '/p.cjs',
      platform: 'linux',
    });
    stops.push(app.close);
    expect(app.live.attach).toBeNull();
    expect(d.app.live.attach).toBeNull();
    await expect(d.call('liveMatches')).rejects.toThrow('following games is off (the desktop app was started with --no-attach)');
  });
});
