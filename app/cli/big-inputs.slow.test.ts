import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/dist/cjs/internal.js';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';

// Big inputs through the real `flowscope` binary: each finishes within its memory limit.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/flowscope.mjs');
const env = { ...process.env, FLOWSCOPE_STATE_DIR: tempDirWith({}) };
const flowscope = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 170_000, killSignal: 'SIGKILL', env, maxBuffer: 1 << 28 });

const game = { name: 'turns', setup: () => ({ n: 0 }), turn: { minMoves: 1, maxMoves: 1 }, moves: { inc: ({ G }: any) => void G.n++ } };
const dir = tempDirWith({
  'one-turn.js': `export default { setup: () => ({ n: 0 }), moves: { inc: ({ G }) => { G.n++; } } };\n`,
  'turns.js': `export default { name: 'turns', setup: () => ({ n: 0 }), turn: { minMoves: 1, maxMoves: 1 }, moves: { inc: ({ G }) => { G.n++; } } };\n`,
});

function replayOf(file: string, actions: unknown[]): string {
  const replay = { format: 'flowscope-replay', version: 1, game: { name: 'default', file, export: 'default', bgio: '0.50.2' } };
  return JSON.stringify({ ...replay, numPlayers: 2, seed: 's', gameRandomness: 'seeded', setupData: null, actions });
}

describe('big inputs', () => {
  it('checks a replay of 30,000 moves in one turn within 1 GB (memory grew with the square of the moves)', () => {
    const inc = { type: 'move', name: 'inc', args: [], playerID: '0' };
    writeFileSync(
      path.join(dir, 'one-turn.json'),
      replayOf(
        'one-turn.js',
        Array.from({ length: 30_000 }, () => inc),
      ),
    );
    const run = flowscope('check', path.join(dir, 'one-turn.js'), path.join(dir, 'one-turn.json'), '--max-memory', '1024');
    expect(run.stderr).not.toMatch(/out of memory|node:internal/);
    expect(run.stdout.trim()).toBe('ok: 30000 steps replayed, 0 expectations hold');
    expect(run.status).toBe(0);
  });

  it('imports a stored match of 100,000 actions (200,000 log entries) and matches the stored state', () => {
    let state: any = InitializeGame({ game, numPlayers: 2, seed: 'flat' } as any);
    const initial = state;
    const reducer = CreateGameReducer({ game } as any);
    const log: unknown[] = [];
    for (let i = 0; i < 100_000; i++) {
      state = reducer(state, { type: 'MAKE_MOVE', payload: { type: 'inc', args: [], playerID: state.ctx.currentPlayer } } as any);
      for (const entry of state.deltalog) log.push(entry);
    }
    const storage = tempDirWith({});
    const put = (key: string, value: unknown) =>
      writeFileSync(path.join(storage, createHash('md5').update(key).digest('hex')), JSON.stringify({ key, value }));
    put('m:initial', initial);
    put('m', { ...state, deltalog: undefined });
    put('m:log', log);
    put('m:metadata', { gameName: 'turns', players: {} });
    const run = flowscope(
      'import-match',
      path.join(dir, 'turns.js'),
      '--storage',
      storage,
      '--match',
      'm',
      '--out',
      path.join(dir, 'm.json'),
    );
    expect(run.stderr).toContain('match m: 100000 actions from 200000 log entries');
    expect(run.stderr).toContain("the replay's last state equals the stored state");
    expect(run.status).toBe(0);
  });
});
