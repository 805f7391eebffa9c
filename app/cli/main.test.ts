import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseReplay } from '../../engine';
import { tempDirWith } from '../testing/temp-dir';
import { runCli as run } from './testing/run-cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = (name: string) => path.join(root, 'fixtures', name, 'game.ts');

describe('flowscope CLI', () => {
  for (const name of ['bang', 'militia', 'card-phases', 'stages-discard', 'turn-orders', 'tic-tac-toe']) {
    it(`play then check round-trips a ${name} replay exactly`, async () => {
      const dir = tempDirWith({});
      const out = path.join(dir, 'replay.json');
      const played = await run(
        'play',
        fixture(name),
        '--players',
        name === 'tic-tac-toe' ? '2' : name === 'bang' ? '4' : '3',
        '--seed',
        'cli',
        '--random',
        '120',
        '--restart',
        '--out',
        out,
      );
      expect(played.code).toBe(0);
      const replay = parseReplay(readFileSync(out, 'utf8'));
      expect(replay.actions.length).toBe(120);
      expect(replay.expect?.length).toBe(121);
      expect(replay.game.file).toBe(path.relative(dir, fixture(name)));
      const checked = await run('check', fixture(name), out);
      expect(checked.code).toBe(0);
      expect(checked.out).toBe('ok: 120 steps replayed, 121 expectations hold');
      expect(checked.err).toBe('');
    });
  }

  it('replay --json prints one object per step in the documented shape', async () => {
    const dir = tempDirWith({});
    const out = path.join(dir, 'r.json');
    await run('play', fixture('bang'), '--players', '4', '--seed', 'json', '--random', '30', '--out', out);
    const { code, out: text } = await run('replay', fixture('bang'), out, '--json');
    expect(code).toBe(0);
    const lines = text.split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(31);
    expect(lines.map((l) => l.step)).toEqual([...Array(31).keys()]);
    expect(lines[0].action).toBeNull();
    for (const l of lines) {
      expect(Object.keys(l)).toEqual(['step', 'action', 'ok', 'error', 'ctx', 'G', 'trace', 'transitions', 'logs', 'diagnostics', 'chart']);
      expect(l.chart.value).toEqual(
        l.ctx.gameover === undefined ? { [l.ctx.phase ?? '__nophase__']: { turn: expect.any(Object) } } : 'gameover',
      );
      expect(Object.keys(l.ctx).sort()).toEqual(
        ['activePlayers', 'currentPlayer', 'numMoves', 'phase', 'playOrder', 'playOrderPos', 'turn']
          .concat(l.ctx.gameover === undefined ? [] : ['gameover'])
          .sort(),
      );
      for (const t of l.trace) expect(typeof t.fn).toBe('string');
    }
    expect(lines[0].trace[0].fn).toBe('setup');
  });

  it('check exits 1 at the first divergent step with a readable diff', async () => {
    const dir = tempDirWith({});
    const out = path.join(dir, 'r.json');
    await run('play', fixture('tic-tac-toe'), '--players', '2', '--seed', 'div', '--random', '6', '--out', out);
    const replay = JSON.parse(readFileSync(out, 'utf8'));
    replay.expect[3].currentPlayer = '7';
    replay.expect[5].turn = 99;
    writeFileSync(out, JSON.stringify(replay));
    const { code, out: text } = await run('check', fixture('tic-tac-toe'), out);
    expect(code).toBe(1);
    expect(text).toMatch(
      /^diverged at step 3: clickCell\(\d\)\n  currentPlayer:\n    - expected "7"\n    \+ actual   "\d"\n1 later step also differs$/,
    );
  });

  it('check warns when the game file changed since the replay was recorded', async () => {
    const dir = tempDirWith({ 'g.ts': `export default { moves: { a: () => {} } };\n` });
    const out = path.join(dir, 'r.json');
    await run('play', path.join(dir, 'g.ts'), '--seed', 'h', '--random', '3', '--out', out);
    writeFileSync(path.join(dir, 'g.ts'), `export default { moves: { a: () => {} } }; // edited\n`);
    const { code, err } = await run('check', path.join(dir, 'g.ts'), out);
    expect(code).toBe(0);
    expect(err).toMatch(/g\.ts \(or a file it imports\) has changed since this replay was recorded/);
  });

  it('exits 2 with a clear message for bad game files, replays and flags', async () => {
    const dir = tempDirWith({
      'syntax.ts': 'export default {',
      'nogame.ts': 'export const x = 1;',
      'setup.ts': 'export default { setup: () => { throw new Error("deck missing"); }, moves: {} };',
      'bad-replay.json': JSON.stringify({
        format: 'flowscope-replay',
        version: 1,
        game: { name: 'x' },
        numPlayers: 0,
        seed: 's',
        actions: [{ type: 'move', playerID: 1 }],
      }),
    });
    const f = (n: string) => path.join(dir, n);
    const syntax = await run('play', f('syntax.ts'));
    expect(syntax.code).toBe(2);
    expect(syntax.err).toMatch(/syntax\.ts has an error/);
    const nogame = await run('play', f('nogame.ts'));
    expect(nogame.code).toBe(2);
    expect(nogame.err).toMatch(/no game found/);
    const setup = await run('play', f('setup.ts'));
    expect(setup.code).toBe(2);
    expect(setup.err.split('\n')).toEqual([
      'boardgame.io 0.50.2: no package.json names boardgame.io, and the code shows no release-specific API: using 0.50.2',
      'flowscope: setup threw while the game was being created: Error: deck missing (at setup.ts:1:39)',
      // The release was guessed: the error may come from the guess, and says which releases to try.
      '  note: boardgame.io 0.50.2 is a guess (no package.json names boardgame.io, and the code shows no release-specific API): if the game was written for another release, try --bgio 0.26.3 or --bgio 0.32.1 or --bgio 0.39.16 or --bgio 0.43.3 or --bgio 0.49.13',
    ]);
    const replay = await run('check', fixture('tic-tac-toe'), f('bad-replay.json'));
    expect(replay.code).toBe(2);
    expect(replay.err).toContain('numPlayers: expected a positive integer, got number 0');
    expect(replay.err).toContain('actions[0].name: expected a move name, got nothing (the field is missing)');
    expect(replay.err).toContain('actions[0].playerID: expected a string, got number 1');
    const flags = await run('play', fixture('bang'), '--players', 'many');
    expect(flags.code).toBe(2);
    expect(flags.err.split('\n')).toEqual([
      'flowscope: --players must be an integer of at least 1, got many',
      'Run `flowscope --help` for the commands and their options.',
    ]);
    expect((await run('frobnicate')).code).toBe(2);
    const crowd = await run('play', fixture('tic-tac-toe'), '--players', '3');
    expect(crowd.code).toBe(2);
    expect(crowd.err).toMatch(/flowscope: tic-tac-toe is for exactly 2 players \(minPlayers\/maxPlayers\), not 3/);
    const chart = await run('chart', fixture('bang'), '--players', '2');
    expect(chart.code).toBe(2);
    expect(chart.err).toMatch(/is for 4 to 7 players/);
  });

  it('prints a readable table without --json', async () => {
    const dir = tempDirWith({});
    const out = path.join(dir, 'r.json');
    await run('play', fixture('tic-tac-toe'), '--players', '2', '--seed', 't', '--random', '2', '--out', out);
    const { out: table } = await run('replay', fixture('tic-tac-toe'), out);
    expect(table.split('\n')[0]).toMatch(/^step\s+who\s+action\s+result\s+phase\s+turn\s+cur\s+active$/);
    expect(table).toMatch(/turn-end \(player 0\): turn.maxMoves \(1\) reached/);
  });
});

describe('check and non-deterministic game code', () => {
  const dice =
    'export default { setup: () => ({ rolls: [] }), moves: { roll: ({ G }: any) => { G.rolls.push(Math.floor(Math.random() * 1e9)); } }, ai: { enumerate: () => [{ move: "roll" }] } };\n';

  it('passes when Math.random is seeded by the sandbox (the default), and the replay says so', async () => {
    const dir = tempDirWith({ 'dice.ts': dice });
    const out = path.join(dir, 'r.json');
    await run('play', path.join(dir, 'dice.ts'), '--seed', 'x', '--random', '5', '--out', out, '--no-expect');
    expect(parseReplay(readFileSync(out, 'utf8')).gameRandomness).toBe('seeded');
    const checked = await run('check', path.join(dir, 'dice.ts'), out);
    expect(checked.out).toBe('ok: 5 steps replayed, 0 expectations hold');
    expect(checked.code).toBe(0);
  });

  it('with --no-sandbox-random, fails with the step where a second run differs and names Math.random where it is', async () => {
    const dir = tempDirWith({ 'dice.ts': dice });
    const out = path.join(dir, 'r.json');
    await run('play', path.join(dir, 'dice.ts'), '--seed', 'x', '--random', '5', '--out', out, '--no-expect', '--no-sandbox-random');
    expect(parseReplay(readFileSync(out, 'utf8')).gameRandomness).toBe('real');
    // The replay recorded with real randomness is checked with real randomness.
    const checked = await run('check', path.join(dir, 'dice.ts'), out);
    expect(checked.code).toBe(1);
    expect(checked.out).toMatch(
      /^diverged at step 1: running the same actions again gives a different state \(G\.rolls\[0\]: \d+ → \d+\)\n {2}cause: moves\.roll uses Math\.random \(dice\.ts:1\)\n {2}the sandbox is off/,
    );
  });
});
