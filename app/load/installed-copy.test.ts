import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openGame, newSession } from '../game/open-session';
import { releasesOffered } from './installed-copy';

// Projects inside the repository, so their copied boardgame.io finds its own dependencies
// (immer, redux, …) in the repository's node_modules, as an installed copy finds them in a project's.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BASE = path.join(ROOT, 'test-output', `installed-copy-${process.pid}`);
afterAll(() => rmSync(BASE, { recursive: true, force: true }));

const GAME = `import { INVALID_MOVE } from 'boardgame.io/core';
export const Counter = {
  setup: () => ({ n: 0 }),
  moves: { add: ({ G }) => { if (G.n > 5) return INVALID_MOVE; G.n++; } },
  turn: { minMoves: 1, maxMoves: 1 },
};
`;

/** A project with `from` (a boardgame.io folder) installed as boardgame.io at `version`. */
function project(name: string, from: string, version: string, edit?: (dir: string) => void): string {
  const dir = path.join(BASE, name);
  const copy = path.join(dir, 'node_modules', 'boardgame.io');
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(ROOT, 'node_modules', from), copy, { recursive: true, dereference: true });
  const pkg = JSON.parse(readFileSync(path.join(copy, 'package.json'), 'utf8'));
  writeFileSync(path.join(copy, 'package.json'), JSON.stringify({ ...pkg, version }));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, dependencies: { 'boardgame.io': `^${version}` } }));
  writeFileSync(path.join(dir, 'game.js'), GAME);
  edit?.(copy);
  return path.join(dir, 'game.js');
}

describe("the game's project's own boardgame.io", () => {
  it('runs the game on an installed copy of a shipped minor and records its exact version', async () => {
    const file = project('same-minor', 'boardgame.io', '0.50.1');
    const opened = await openGame(file);
    expect(opened.runtime.version).toBe('0.50.1');
    expect(opened.releaseReason).toContain(
      `running on the project's boardgame.io 0.50.1 (${path.join(path.dirname(file), 'node_modules', 'boardgame.io')})`,
    );
    const session = newSession(opened, 2, 'seed', null);
    session.dispatch({ type: 'move', name: 'add', playerID: '0', args: [] });
    expect(session.currentState.G).toEqual({ n: 1 });
    expect(session.currentState.ctx.currentPlayer).toBe('1');
  });

  it('keeps the bundled release, saying why, when the installed copy is of another minor', async () => {
    const file = project('other-minor', 'boardgame.io', '0.48.0');
    const opened = await openGame(file, undefined, '0.50');
    expect(opened.runtime.version).toBe('0.50.2');
    expect(opened.releaseReason).toMatch(/the project's boardgame\.io 0\.48\.0 .* is not 0\.50: running on the bundled 0\.50\.2/);
  });

  it('fails loudly, naming the version, when a copy of a shipped minor lacks what Flowscope instruments', async () => {
    const file = project('changed-internals', 'boardgame.io', '0.50.7', (copy) =>
      writeFileSync(path.join(copy, 'dist', 'cjs', 'internal.js'), 'exports.ProcessGameConfig = (g) => g;\n'),
    );
    await expect(openGame(file)).rejects.toThrow(
      "boardgame.io 0.50.7's dist/cjs/internal.js has no InitializeGame, CreateGameReducer: its internals differ from 0.50.2's",
    );
  });

  it('runs a game of the (G, ctx) API on an installed 0.49 copy', async () => {
    const file = project('g-ctx', 'bgio-0.49', '0.49.9');
    writeFileSync(file, GAME.replace('({ G })', '(G)'));
    const opened = await openGame(file);
    expect(opened.runtime.version).toBe('0.49.9');
    const session = newSession(opened, 2, 'seed', null);
    session.dispatch({ type: 'move', name: 'add', playerID: '0', args: [] });
    expect(session.currentState.G).toEqual({ n: 1 });
  });

  it('runs a game of the flow API on an installed 0.32 copy, its Game() included', async () => {
    const file = project('flow', 'bgio-0.32', '0.32.0');
    writeFileSync(
      file,
      `import { Game } from 'boardgame.io/core';
export default Game({ setup: () => ({ n: 0 }), moves: { add(G) { G.n++; } }, flow: { movesPerTurn: 1 } });
`,
    );
    const opened = await openGame(file);
    expect(opened.runtime.version).toBe('0.32.0');
    const session = newSession(opened, 2, 'seed', null);
    session.dispatch({ type: 'move', name: 'add', playerID: '0', args: [] });
    expect(session.currentState.G).toEqual({ n: 1 });
    expect(session.currentState.ctx.currentPlayer).toBe('1');
  });

  it('offers the installed copy in place of the shipped release of its minor', () => {
    expect(releasesOffered(['0.49.13', '0.50.2'], '0.50.1')).toEqual(['0.49.13', '0.50.1']);
    expect(releasesOffered(['0.49.13', '0.50.2'], '0.50.2')).toEqual(['0.49.13', '0.50.2']);
  });
});
