import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameEntry, HostEvent, SessionView, StepDetail, StepSummary } from '../../engine';
import { tempDirWith } from '../testing/temp-dir';
import { EngineHost, StalledError } from './engine-host';

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');
let host: EngineHost | null = null;
afterEach(async () => {
  await host?.close();
  host = null;
});

function start(timeoutMs = 10_000) {
  const events: HostEvent[] = [];
  host = new EngineHost({ fixturesDir, timeoutMs, onEvent: (e) => events.push(e) });
  return { host, events };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the engine host (sessions in a watched worker)', () => {
  it('lists fixtures, opens one, dispatches, plays random steps with progress, and serves step details', async () => {
    const { host, events } = start();
    const games = await host.call<GameEntry[]>('listGames');
    expect(games.map((g) => g.id)).toContain('bang');
    expect(games.find((g) => g.id === 'tic-tac-toe')?.description).toMatch(/\S/);
    const view = await host.call<SessionView>('open', { game: 'tic-tac-toe', seed: 'h' });
    expect(view).toMatchObject({ numPlayers: 2, seed: 'h', length: 1, players: ['0', '1'], game: { name: 'tic-tac-toe', bgio: '0.50.2' } });
    const step = await host.call<StepSummary>('dispatch', { type: 'move', name: 'clickCell', args: [4], playerID: '0' });
    expect(step).toMatchObject({
      index: 1,
      ok: true,
      ctx: { currentPlayer: '1' },
      explanation: "player 0's turn ended because turn.maxMoves (1) reached",
    });
    const more = await host.call<StepSummary[]>('random', 3);
    expect(more.map((s) => s.index)).toEqual([2, 3, 4]);
    expect(events).toContainEqual({ type: 'progress', done: 3, total: 3 });
    const detail = await host.call<StepDetail>('step', 1);
    expect(detail.diff.G).toEqual([{ path: ['cells', 4], kind: 'changed', before: null, after: '0' }]);
    expect(detail.available).toEqual({ 0: [], 1: ['clickCell'] });
    expect(detail.trace.entries.map((e) => e.fn)).toContain('moves.clickCell');
  });

  it('branches: dispatching in the past discards the later steps', async () => {
    const { host } = start();
    await host.call('open', { game: 'tic-tac-toe', seed: 'b' });
    await host.call('random', 4);
    const step = await host.call<StepSummary>('dispatch', { type: 'move', name: 'clickCell', args: [8], playerID: '1' }, 1);
    expect(step.index).toBe(2);
    expect((await host.call<SessionView>('view')).length).toBe(3);
  });

  it('exports a replay and opens it again to the same steps', async () => {
    const { host } = start();
    await host.call('open', { game: 'bang', numPlayers: 4, seed: 'r' });
    const played = await host.call<StepSummary[]>('random', 25);
    const text = await host.call<string>('exportReplay');
    const view = await host.call<SessionView>('openReplay', text);
    expect(view.length).toBe(26);
    const again = await host.call<StepSummary[]>('steps', 1, 25);
    expect(again.map((s) => s.ctx)).toEqual(played.map((s) => s.ctx));
  });

  it('reports bad requests as errors without dying', async () => {
    const { host } = start();
    await expect(host.call('dispatch', { type: 'reset' })).rejects.toThrow('no game is open');
    await expect(host.call('open', { game: '/nowhere/game.ts' })).rejects.toThrow(/game file not found/);
    await expect(host.call('openReplay', '{"format": 1}')).rejects.toThrow(/invalid replay file/);
    await expect(host.call('open', { game: 'tic-tac-toe', numPlayers: 3 })).rejects.toThrow(
      /tic-tac-toe is for exactly 2 players \(minPlayers\/maxPlayers\), not 3/,
    );
    expect(((await host.call('open', { game: 'bang' })) as SessionView).numPlayers).toBe(4);
    expect(await host.call('listGames')).not.toHaveLength(0);
  });

  it('stops game code that never returns, says where, and restores the session', async () => {
    const dir = tempDirWith({
      'hang.ts': `export default {
        setup: () => ({ n: 0 }),
        moves: { inc: ({ G }: any) => { G.n++; }, hang: () => { for (;;) {} } },
      };`,
    });
    const { host, events } = start(2000);
    await host.call('open', { game: path.join(dir, 'hang.ts'), seed: 's' });
    await host.call('dispatch', { type: 'move', name: 'inc', args: [], playerID: '0' });
    await host.call('dispatch', { type: 'move', name: 'inc', args: [], playerID: '0' });
    const error = (await host.call('dispatch', { type: 'move', name: 'hang', args: [], playerID: '0' }).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(StalledError);
    expect(error.message).toMatch(
      /stopped after 2 s without progress while step 3: hang\(\), inside moves\.hang: game code is probably in an endless loop/,
    );
    expect(events.some((e) => e.type === 'stalled')).toBe(true);
    await until(() => events.some((e) => e.type === 'session'));
    const view = await host.call<SessionView>('view');
    expect(view.length).toBe(3);
    const detail = await host.call<StepDetail>('step', 2);
    expect(detail.G).toEqual({ n: 2 });
    expect((await host.call<StepSummary>('dispatch', { type: 'move', name: 'inc', args: [], playerID: '0' })).index).toBe(3);
  });
});

describe('after a stall', () => {
  it('requests wait for the rebuilt session, and a game opened right away never receives its actions', async () => {
    const dir = tempDirWith({
      'hang.ts': `export default {
        setup: () => ({ n: 0 }),
        moves: { inc: ({ G }: any) => { G.n++; }, hang: () => { for (;;) {} } },
      };`,
    });
    const { host } = start(1000);
    await host.call('open', { game: path.join(dir, 'hang.ts'), seed: 's' });
    for (let i = 0; i < 3; i++) await host.call('dispatch', { type: 'move', name: 'inc', args: [], playerID: '0' });
    await expect(host.call('dispatch', { type: 'move', name: 'hang', args: [], playerID: '0' })).rejects.toBeInstanceOf(StalledError);
    const [view, opened] = await Promise.all([
      host.call<SessionView>('view'),
      host.call<SessionView>('open', { game: 'tic-tac-toe', seed: 't' }),
    ]);
    expect(view).toMatchObject({ length: 4, game: { file: path.join(dir, 'hang.ts') } });
    expect(opened).toMatchObject({ length: 1, game: { name: 'tic-tac-toe' } });
    const now = await host.call<SessionView>('view');
    expect(now).toMatchObject({ length: 1, game: { name: 'tic-tac-toe' } });
    expect(await host.call<StepSummary[]>('steps', 0, 10)).toHaveLength(1);
  });
});

describe('an endIf that never returns', () => {
  it('is stopped with the function named, the session log survives, and play goes on', async () => {
    const dir = tempDirWith({
      'stuck.ts': `export default {
        setup: () => ({ n: 0 }),
        moves: { inc: ({ G }: any) => { G.n++; } },
        phases: { main: { start: true, endIf: ({ G }: any) => { while (G.n === 3) {} return false; } } },
      };`,
    });
    const { host, events } = start(2000);
    await host.call('open', { game: path.join(dir, 'stuck.ts'), seed: 'e' });
    for (let i = 0; i < 2; i++) await host.call('dispatch', { type: 'move', name: 'inc', args: [], playerID: '0' });
    const error = (await host.call('dispatch', { type: 'move', name: 'inc', args: [], playerID: '0' }).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(StalledError);
    expect(error.message).toMatch(/while step 3: inc\(\), inside phases\.main\.endIf: game code is probably in an endless loop/);
    await until(() => events.some((e) => e.type === 'session'));
    const summaries = await host.call<StepSummary[]>('steps', 0, 10);
    expect(summaries.map((s) => s.action?.type ?? 'created')).toEqual(['created', 'move', 'move']);
    expect((await host.call<StepDetail>('step', 2)).G).toEqual({ n: 2 });
  });
});

describe('hot reload', () => {
  it('replays the session on edited code and reports the first divergent step; a broken edit keeps the last good version', async () => {
    const { writeFileSync } = await import('node:fs');
    const game = (limit: number) =>
      `import { step } from './rules';\nexport default { setup: () => ({ n: 0 }), moves: { inc: ({ G }: any) => (G.n >= ${limit} ? 'INVALID_MOVE' : void (G.n = step(G.n))) } };\n`;
    const dir = tempDirWith({ 'game.ts': game(9), 'rules.ts': 'export const step = (n: number) => n + 1;\n' });
    const events: HostEvent[] = [];
    host = new EngineHost({ fixturesDir, timeoutMs: 10_000, watch: true, onEvent: (e) => events.push(e) });
    await host.call('open', { game: path.join(dir, 'game.ts'), seed: 'hot' });
    for (let i = 0; i < 4; i++) await host.call('dispatch', { type: 'move', name: 'inc', args: [], playerID: '0' });
    const reloaded = () => events.filter((e): e is Extract<HostEvent, { type: 'reloaded' }> => e.type === 'reloaded');

    writeFileSync(path.join(dir, 'game.ts'), game(2));
    await until(() => reloaded().length === 1);
    const first = reloaded()[0].result;
    expect(first.ok).toBe(true);
    if (first.ok) {
      expect(first.replayed).toBe(4);
      expect(first.divergence?.step).toBe(3);
      expect(first.divergence?.differences[0]).toBe('ok: true → false (inc returned INVALID_MOVE for args [])');
    }

    // An edit to an imported file counts too.
    writeFileSync(path.join(dir, 'rules.ts'), 'export const step = (n: number) => n + 2;\n');
    await until(() => reloaded().length === 2);
    const second = reloaded()[1].result;
    expect(second.ok && second.divergence?.differences).toContain('G.n: 1 → 2');

    writeFileSync(path.join(dir, 'game.ts'), 'export default { moves: { inc: ( => 1 } };\n');
    await until(() => reloaded().length === 3);
    const broken = reloaded()[2].result;
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.error).toMatch(/game\.ts has an error/);
    expect((await host.call<SessionView>('view')).length).toBe(5);
    expect((await host.call<StepSummary>('dispatch', { type: 'move', name: 'inc', args: [], playerID: '0' })).ok).toBe(false);
  });
});
