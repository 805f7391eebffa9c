import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bgio050, findGames, Session } from '../../engine';
import { tempDirWith } from '../testing/temp-dir';
import { GameLoadError, loadGameModule } from './load-game-file';

const helper = `export const bump = (n: number): number => n + 1;\n`;
const tsGame = `
import { INVALID_MOVE, TurnOrder } from 'boardgame.io/core';
import type { Ctx } from 'boardgame.io';
import { bump } from './helper';
interface G { n: number }
export const Counter = {
  name: 'counter',
  setup: (): G => ({ n: 0 }),
  moves: { up: ({ G }: { G: G }) => { G.n = bump(G.n); }, never: () => INVALID_MOVE },
  turn: { order: TurnOrder.RESET },
};
export const Other = { name: 'other', moves: {} };
`;

describe('loading a game file', () => {
  it("evaluates a bundle made before as it is, without bundling the file again (explore workers share their parent's)", async () => {
    const dir = tempDirWith({ 'game.ts': tsGame, 'helper.ts': helper });
    const first = await loadGameModule(path.join(dir, 'game.ts'), bgio050);
    writeFileSync(path.join(dir, 'game.ts'), `export default { name: 'edited', moves: {} };\n`);
    const again = await loadGameModule(path.join(dir, 'game.ts'), bgio050, { prebuilt: first.bundle });
    expect(findGames(again.exports).map((g) => g.name)).toEqual(['counter', 'other']);
    expect(again.inputs).toEqual(first.inputs);
    const rebundled = await loadGameModule(path.join(dir, 'game.ts'), bgio050);
    expect(findGames(rebundled.exports).map((g) => g.name)).toEqual(['edited']);
  });

  it('bundles a .ts game that imports boardgame.io/core and a local helper, and runs it', async () => {
    const dir = tempDirWith({ 'game.ts': tsGame, 'helper.ts': helper });
    const loaded = await loadGameModule(path.join(dir, 'game.ts'), bgio050);
    expect(findGames(loaded.exports).map((g) => g.name)).toEqual(['counter', 'other']);
    expect(loaded.inputs.map((f) => path.basename(f)).sort()).toEqual(['game.ts', 'helper.ts']);
    expect(loaded.sha256).toMatch(/^[0-9a-f]{64}$/);
    const session = new Session({ runtime: bgio050, config: findGames(loaded.exports)[0].config, numPlayers: 2, seed: 'x' });
    session.dispatch({ type: 'move', name: 'up', args: [], playerID: '0' });
    expect(session.currentState.G).toEqual({ n: 1 });
    expect(session.dispatch({ type: 'move', name: 'never', args: [], playerID: '0' }).error?.type).toBe('action/invalid_move');
  });

  it('loads .mjs and .cjs games', async () => {
    const dir = tempDirWith({
      'a.mjs': `import { TurnOrder } from 'boardgame.io/core'; export default { moves: { a: () => {} }, turn: { order: TurnOrder.DEFAULT } };`,
      'b.cjs': `const { Stage } = require('boardgame.io/core'); module.exports = { game: { moves: { b: () => {} }, turn: { stages: { s: {} } } }, Stage };`,
    });
    expect(findGames((await loadGameModule(path.join(dir, 'a.mjs'), bgio050)).exports)).toHaveLength(1);
    expect(findGames((await loadGameModule(path.join(dir, 'b.cjs'), bgio050)).exports).map((g) => g.exportName)).toEqual(['game']);
  });

  it('reports a syntax error with file, line and column', async () => {
    const dir = tempDirWith({ 'broken.ts': 'export const game = {\n  moves: { a: ( => 1 },\n};\n' });
    const error = await loadGameModule(path.join(dir, 'broken.ts'), bgio050).catch((e) => e);
    expect(error).toBeInstanceOf(GameLoadError);
    expect(error.message).toMatch(/^broken\.ts has an error: .*broken\.ts:2:\d+: [^\n]+$/);
  });

  it('reports an import that cannot be resolved', async () => {
    const dir = tempDirWith({ 'g.ts': `import { x } from './missing';\nexport default { moves: { x } };\n` });
    const error = await loadGameModule(path.join(dir, 'g.ts'), bgio050).catch((e) => e);
    expect(error.message).toMatch(/Could not resolve "\.\/missing"/);
  });

  it('reports a module that throws while loading', async () => {
    const dir = tempDirWith({ 'g.js': `throw new Error('config not ready');\n` });
    const error = await loadGameModule(path.join(dir, 'g.js'), bgio050).catch((e) => e);
    expect(error).toBeInstanceOf(GameLoadError);
    expect(error.message).toMatch(/threw while it was being loaded: Error: config not ready/);
  });

  it("names the helper file and line a module's load threw in, not the bundle's", async () => {
    const dir = tempDirWith({
      'g.ts': `import { table } from './lib/table';\nexport default { setup: () => ({ table }), moves: {} };\n`,
      'lib/table.ts': `export const table = build();\nfunction build(): number[] {\n  const cfg: any = undefined;\n  return [cfg.size];\n}\n`,
    });
    const error = await loadGameModule(path.join(dir, 'g.ts'), bgio050).catch((e) => e);
    expect(error.message).toMatch(/threw while it was being loaded: TypeError: Cannot read properties of undefined \(reading 'size'\)\n/);
    expect(error.message).toMatch(/at build \(lib\/table\.ts:4:15\)\n\s+at lib\/table\.ts:1:/);
    // Only the module's own frames: the loader and Node below it say nothing to the game's author.
    expect(error.message).not.toMatch(/g\.ts:\d|load-game-file|node:/);
  });

  it("locates an error game code throws during a step in the game's own files", async () => {
    const dir = tempDirWith({
      'g.ts': `import { score } from './rules';\nexport default { setup: () => ({}), moves: { tally: ({ G }: any) => { G.total = score(G.hand); } } };\n`,
      'rules.ts': `export function score(hand: number[]): number {\n  let total = 0;\n  for (const card of hand) total += card;\n  return total;\n}\n`,
    });
    const loaded = await loadGameModule(path.join(dir, 'g.ts'), bgio050);
    const config = findGames(loaded.exports)[0].config;
    const session = new Session({ runtime: bgio050, config, numPlayers: 2, seed: 'x', locateThrow: loaded.locateThrow });
    const step = session.dispatch({ type: 'move', name: 'tally', args: [], playerID: '0' });
    expect(step.error?.message).toBe('moves.tally threw TypeError: hand is not iterable (at rules.ts:3:22)');
    expect(step.trace.entries.find((e) => e.fn === 'moves.tally')?.threw).toBe('TypeError: hand is not iterable (at rules.ts:3:22)');
    expect(loaded.locateThrow(new Error('not from the game'))).toBeUndefined();
    expect(loaded.locateThrow('a string')).toBeUndefined();
  });

  it('refuses missing files and other extensions', async () => {
    await expect(loadGameModule('/nonexistent/game.ts', bgio050)).rejects.toThrow(/game file not found/);
    const dir = tempDirWith({ 'game.json': '{}' });
    await expect(loadGameModule(path.join(dir, 'game.json'), bgio050)).rejects.toThrow(/must be \.ts, \.tsx, \.js/);
  });
});
