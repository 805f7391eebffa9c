import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';

// Replays boardgame.io plays differently from what they say, through the real binary: the steps
// stay as boardgame.io made them, and each surprise is said.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin/flowscope.mjs');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, FLOWSCOPE_STATE_DIR: tempDirWith({}) },
  });

const COUNTER = `export default {
  name: 'counter',
  setup: () => ({ n: 0 }),
  moves: { inc: ({ G }) => { G.n++; } },
  phases: { main: { start: true, moves: { inc: ({ G }) => { G.n++; } }, turn: { stages: { think: { moves: { ponder: () => {} } } } } } },
};
`;
// Before 0.43 boardgame.io did not check that G stays JSON: a move may make it something a server cannot send.
const LEGACY = `export default {
  name: 'legacy',
  setup: () => ({ n: 0 }),
  moves: {
    inc: (G) => ({ ...G, n: G.n + 1 }),
    loop: (G) => { const o = { n: G.n }; o.self = o; return o; },
  },
};
`;
const move = (name: string) => ({ type: 'move', name, args: [], playerID: '0' });
const replayOf = (game: string, names: string[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    format: 'flowscope-replay',
    version: 1,
    game: { name: game },
    numPlayers: 2,
    seed: 's',
    actions: names.map(move),
    ...extra,
  });
const steps = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('what boardgame.io does that a replay does not say', () => {
  const dir = tempDirWith({ 'counter.js': COUNTER, 'legacy.js': LEGACY });

  it("a move the game declares nowhere (toString, __proto__) keeps boardgame.io's outcome and carries undeclared-move", () => {
    writeFileSync(path.join(dir, 'proto.json'), replayOf('counter', ['inc', 'toString', '__proto__', 'constructor']));
    const result = run('replay', path.join(dir, 'counter.js'), path.join(dir, 'proto.json'), '--json');
    expect(result.status, result.stderr).toBe(0);
    const [, inc, ...inherited] = steps(result.stdout);
    expect(inc.diagnostics).toEqual([]);
    for (const step of inherited.filter((s) => s.ok || s.error?.type === 'flowscope/threw'))
      expect(step.diagnostics.map((d: { code: string }) => d.code)).toContain('undeclared-move');
    expect(inherited[0]).toMatchObject({ ok: true, action: { name: 'toString' } });
    expect(inherited[0].diagnostics[0].message).toMatch(/move "toString" is declared nowhere in this game, yet boardgame\.io ran it/);
  });

  it('a G that JSON cannot carry is said at the step that made it, once', () => {
    writeFileSync(path.join(dir, 'loop.json'), replayOf('legacy', ['inc', 'loop', 'inc'], { game: { name: 'legacy', bgio: '0.26' } }));
    const result = run('replay', path.join(dir, 'legacy.js'), path.join(dir, 'loop.json'), '--json');
    expect(result.status, result.stderr).toBe(0);
    const codes = steps(result.stdout).map((s) => s.diagnostics.map((d: { code: string }) => d.code));
    expect(codes[1]).not.toContain('unserialisable-state');
    expect(codes[2]).toContain('unserialisable-state');
    expect(steps(result.stdout)[2].diagnostics.find((d: { code: string }) => d.code === 'unserialisable-state').message).toMatch(
      /^G\.self refers back to an object that contains it \(a cycle\)/,
    );
  });

  it('a replay recorded for another game (no hash, its export found) is played with a warning naming both games', () => {
    writeFileSync(path.join(dir, 'other.json'), replayOf('tic-tac-toe', ['inc'], { game: { name: 'tic-tac-toe', export: 'default' } }));
    const result = run('replay', path.join(dir, 'counter.js'), path.join(dir, 'other.json'));
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/warning: this replay was recorded for a different game: "tic-tac-toe", not "counter" \(.*counter\.js\)/);
  });
});
