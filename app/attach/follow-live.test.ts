import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SessionView, StepDetail } from '../../engine';
import { flowscope, flowscopeStorage } from '../../attach/flowscope-attach.mjs';
import { TicTacToe } from '../../fixtures/tic-tac-toe/game';
import { startUiServer, type UiServer } from '../server/ui-server';
import { tempDirWith } from '../testing/temp-dir';
import { joinMatch, startBgioServer, twoPlayerMatch, until, type RunningBgioServer } from './testing/bgio-server';
import { LogGaps } from './testing/log-gaps-game';
import { MathRandom } from './testing/math-random-game';

const require = createRequire(import.meta.url);
const { Client } = require('boardgame.io/dist/cjs/client.js');
const root = path.resolve(import.meta.dirname, '../..');

let ui: UiServer;
const stops: (() => unknown)[] = [];

beforeAll(async () => {
  ui = await startUiServer({ staticDir: tempDirWith({}), fixturesDir: path.join(root, 'fixtures'), watch: false, attach: { port: 0 } });
});
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  await ui?.close();
});

const options = (extra: object = {}) => ({ url: ui.attach!.url, token: ui.attach!.token, ...extra });

/** The one live match whose game and source are these, once it has `steps` steps. */
async function reported(game: string, source: 'client' | 'server', steps: number) {
  let found: { id: string } | undefined;
  const ok = await until(async () => {
    const { matches } = await ui.live!.liveMatches();
    found = matches.find((m) => m.game === game && m.source === source && m.steps >= steps);
    return !!found;
  });
  if (!ok) throw new Error(`no ${source} match of ${game} with ${steps} steps was reported`);
  return found!.id;
}

async function sessionLength(length: number): Promise<boolean> {
  return until(async () => (await ui.engine.call<SessionView>('view')).length >= length);
}

async function details(length: number): Promise<StepDetail[]> {
  const out: StepDetail[] = [];
  for (let i = 0; i < length; i++) out.push(await ui.engine.call<StepDetail>('step', i));
  return out;
}

const problems = (d: StepDetail) => d.diagnostics.filter((x) => x.code.startsWith('live-')).map((x) => `${x.code}: ${x.message}`);

describe('following a local boardgame.io client', () => {
  it('re-runs every dispatched action (refused ones too) from the client seed, and follows new ones live', async () => {
    const client = Client({ game: TicTacToe, numPlayers: 2, enhancer: flowscope(options({ game: TicTacToe })) });
    client.start();
    stops.push(() => client.stop());
    client.moves.clickCell(4);
    client.moves.clickCell(4); // refused: the cell is taken
    const id = await reported('tic-tac-toe', 'client', 2);

    const view = await ui.live!.followLive(id);
    expect(view.game.name).toBe('tic-tac-toe');
    expect(view.seed).toBe(client.getInitialState().plugins.random.data.seed);
    expect(view.length).toBe(3);

    for (const cell of [0, 8, 1, 2, 3, 6]) client.moves.clickCell(cell);
    expect(await sessionLength(9)).toBe(true);
    const steps = await details(9);
    expect(steps.map((s) => s.ok)).toEqual([true, true, false, true, true, true, true, true, true]);
    expect(steps.map((s) => s.action && 'args' in s.action && s.action.args[0])).toEqual([null, 4, 4, 0, 8, 1, 2, 3, 6]);
    expect(steps.flatMap(problems)).toEqual([]);
    expect(steps[8].G).toEqual(client.getState().G);
    expect(steps[8].ctx.gameover).toEqual(client.getState().ctx.gameover);
  });

  it('says at which step the client state and Flowscope differ, and what differs', async () => {
    await ui.engine.call('open', { game: path.join(import.meta.dirname, 'testing/math-random-game.ts') });
    const client = Client({ game: MathRandom, numPlayers: 2, enhancer: flowscope(options({ name: 'math-random' })) });
    client.start();
    stops.push(() => client.stop());
    client.moves.count();
    client.moves.roll();
    const id = await reported('math-random', 'client', 2);
    await ui.live!.followLive(id);
    const steps = await details(3);
    expect(problems(steps[1])).toEqual([]);
    expect(problems(steps[2])).toEqual([
      expect.stringMatching(
        /^live-mismatch: the followed game's state differs from Flowscope's after this step: G\.value is [\d.e-]+ here and [\d.e-]+ in the game/,
      ),
    ]);
  });
});

describe('following a multiplayer match', () => {
  let bgio: RunningBgioServer;
  beforeAll(async () => {
    bgio = await startBgioServer([TicTacToe, LogGaps], undefined, (db) => flowscopeStorage(db, options()));
    stops.push(() => bgio.close());
  });

  it('follows a client of a multiplayer match through what its server sends (sync, then updates), naming the log gaps', async () => {
    const stored = async () => Number(bgio.db.fetch('mp-1', { state: true }).state?._stateID ?? -1);
    const p0 = await joinMatch(bgio.url, LogGaps, 'mp-1', '0', 2, stored, flowscope(options({ game: LogGaps, playerID: '0' })));
    const p1 = await joinMatch(bgio.url, LogGaps, 'mp-1', '1', 2, stored);
    stops.push(
      () => p0.stop(),
      () => p1.stop(),
    );
    expect(await p0.act((c) => c.moves.bump())).toBe(true);
    const id = await reported('log-gaps', 'client', 1);
    await expect(ui.live!.followLive(id)).rejects.toThrow('open the game file of "log-gaps" first (the game open now is "math-random")');
    await ui.engine.call('open', { game: path.join(import.meta.dirname, 'testing/log-gaps-game.ts') });
    await ui.live!.followLive(id);
    expect(await p0.act((c) => c.events.setPhase('middle'))).toBe(true);
    await until(() => p1.client.getState()._stateID === 2);
    expect(await p1.act((c) => c.moves.bump())).toBe(true);
    expect(await p1.act((c) => c.events.endGame({ winner: '1' }))).toBe(true);
    expect(await sessionLength(5)).toBe(true);
    const steps = await details(5);
    expect(steps.map((s) => s.action && (s.action.type === 'move' || s.action.type === 'event' ? s.action.name : s.action.type))).toEqual([
      null,
      'bump',
      'setPhase',
      'bump',
      'endGame',
    ]);
    expect(steps.map(problems)).toEqual([
      [],
      [],
      [],
      [],
      [expect.stringMatching(/live-log-gap: .*logged as endPhase: restored as endGame/)],
    ]);
    expect(steps[4].ctx.gameover).toEqual({ winner: '1' });
  });

  it('follows every match of a server through its storage wrapper; the match list names them', async () => {
    const stored = async () => Number(bgio.db.fetch('srv-1', { state: true }).state?._stateID ?? -1);
    const match = await twoPlayerMatch(bgio.url, TicTacToe, 'srv-1', stored, stops);
    expect(
      await match.play([
        [0, 'clickCell', 0],
        [1, 'clickCell', 4],
        [0, 'clickCell', 1],
      ]),
    ).toBe(true);
    const id = await reported('tic-tac-toe', 'server', 3);
    const { matches } = await ui.live!.liveMatches();
    expect(matches.find((m) => m.id === id)).toMatchObject({ matchID: 'srv-1', source: 'server', numPlayers: 2, connected: true });
    await ui.live!.followLive(id);
    expect(
      await match.play([
        [1, 'clickCell', 5],
        [0, 'clickCell', 2],
      ]),
    ).toBe(true);
    expect(await sessionLength(6)).toBe(true);
    const steps = await details(6);
    expect(steps.flatMap(problems)).toEqual([]);
    expect(steps[5].ctx.gameover).toEqual({ winner: '0' });
    expect(steps[5].G).toEqual(bgio.db.fetch('srv-1', { state: true }).state.G);
  });

  it('stops following, and says so, when the session is changed from Flowscope meanwhile', async () => {
    const stored = async () => Number(bgio.db.fetch('srv-2', { state: true }).state?._stateID ?? -1);
    const p0 = await joinMatch(bgio.url, TicTacToe, 'srv-2', '0', 2, stored);
    const p1 = await joinMatch(bgio.url, TicTacToe, 'srv-2', '1', 2, stored);
    stops.push(
      () => p0.stop(),
      () => p1.stop(),
    );
    expect(await p0.act((c) => c.moves.clickCell(0))).toBe(true);
    const id = await reported('tic-tac-toe', 'server', 1);
    await ui.live!.followLive(id);
    await ui.engine.call('dispatch', { type: 'move', name: 'clickCell', args: [8], playerID: '1' });
    await until(() => p1.client.getState()._stateID === 1);
    expect(await p1.act((c) => c.moves.clickCell(4))).toBe(true);
    expect(await until(async () => (await ui.live!.liveMatches()).following === null)).toBe(true);
    const view = await ui.engine.call<SessionView>('view');
    expect(view.length).toBe(4); // the UI's step, then the game's one step that showed the change
  });
});

describe('the attach endpoint', () => {
  const open = (query: string, origin?: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`${ui.attach!.url}${query}`, origin ? { origin } : {});
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
      ws.once('error', reject);
    });
  const token = () => `?token=${encodeURIComponent(ui.attach!.token)}`;
  const next = (ws: WebSocket) => new Promise<string>((resolve) => ws.once('message', (d) => resolve(String(d))));
  const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

  it('refuses a wrong token and a page of a foreign Origin; accepts local development servers', async () => {
    await expect(open('?token=nope')).rejects.toThrow('refused 401');
    await expect(open(token(), 'https://evil.example')).rejects.toThrow('refused 403');
    const ws = await open(token(), 'http://localhost:5173');
    ws.close();
  });

  it('answers invalid messages with their problem, keeps each sender to its own matches, and closes a flood', async () => {
    const ws = await open(token());
    ws.send('{not json');
    expect(await next(ws)).toContain('not JSON');
    ws.send(JSON.stringify({ type: 'hello', version: 1, role: 'client', instance: 'intruder' }));
    ws.send(
      JSON.stringify({
        type: 'action',
        match: 'default',
        seq: 0,
        action: { type: 'MAKE_MOVE', payload: { type: 'clickCell', args: [0] } },
        state: null,
      }),
    );
    expect(await next(ws)).toContain('no match default was announced on this connection');
    ws.send(JSON.stringify({ type: 'match', match: 'm', game: 'x', playerID: null, numPlayers: -1, seed: 's', initial: {} }));
    expect(await next(ws)).toMatch(/numPlayers/);
    const flood = closed(ws);
    for (let i = 0; i < 2000; i++) ws.send(JSON.stringify({ type: 'hello', version: 1, role: 'client', instance: 'intruder' }));
    expect(await flood).toBe(1008);

    const big = await open(token());
    const tooBig = closed(big);
    big.send('x'.repeat(5 * 1024 * 1024));
    expect(await tooBig).toBe(1009);
    // Flowscope is still there.
    expect((await ui.live!.liveMatches()).attach?.url).toBe(ui.attach!.url);
  });

  it('never sends anywhere but this machine', () => {
    expect(() => flowscope({ token: 't', url: 'ws://example.com:8765/attach' })).toThrow(/only connects to this machine/);
    expect(() => flowscopeStorage({}, { token: 't', url: 'ws://10.0.0.2:8765/attach' })).toThrow(/only connects to this machine/);
  });
});
