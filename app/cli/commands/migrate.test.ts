import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bgio050, findGames, RandomPlayer, selectGame, Session } from '../../../engine';
import { loadGameModule } from '../../load/load-game-file';
import { tempDirWith } from '../../testing/temp-dir';
import type { OpenOptions } from '../../game/open-session';
import { migrateCommand } from './migrate';
import { quiet as quietly } from '../../../engine/testing/quiet-console';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const fixture = (name: string, file = 'game.ts') => path.join(root, 'fixtures', name, file);

async function run(file: string, options: { game?: string; open?: OpenOptions; setupData?: unknown } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await migrateCommand(
    file,
    options,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, text: `${out.join('\n')}\n`, err };
}

/** Writes migrated source beside a 0.50.2 package.json and loads it the way Flowscope loads games. */
async function loadMigrated(text: string) {
  const dir = tempDirWith({ 'game.ts': text, 'package.json': JSON.stringify({ dependencies: { 'boardgame.io': '0.50.2' } }) });
  const module = await loadGameModule(path.join(dir, 'game.ts'), bgio050);
  return selectGame(findGames(module.exports)).config;
}

describe('flowscope migrate', () => {
  it('legacy-card-phases (0.32): prints 0.50 source that plays on 0.50.2 (phases cycle), exit 0', async () => {
    const { code, text, err } = await run(fixture('legacy-card-phases'));
    expect(code).toBe(0);
    expect(() => esbuild.transformSync(text, { loader: 'ts' })).not.toThrow();
    expect(err[0]).toMatch(/^migrate: .* on boardgame\.io 0\.32\.1: .*package\.json depends on boardgame\.io \^0\.32\.0/);
    expect(err.at(-1)).toMatch(/legacy findings .* no decision needed$/);
    expect(err.some((l) => /^info {6}flow\.startingPhase: /.test(l))).toBe(true);
    const config = await loadMigrated(text);
    const session = quietly(() => new Session({ runtime: bgio050, config, numPlayers: 1, seed: 'cli' }));
    const phases: (string | null)[] = [];
    for (let i = 0; i < 20; i++) {
      const ctx = session.steps[session.lastIndex].ctx;
      const r = quietly(() =>
        session.dispatch({ type: 'move', name: ctx.phase === 'draw' ? 'drawCard' : 'playCard', args: [], playerID: '0' }),
      );
      expect(r.ok).toBe(true);
      if (phases.at(-1) !== r.ctx.phase) phases.push(r.ctx.phase);
    }
    expect(phases).toEqual(['draw', 'play', 'draw', 'play', 'draw']);
  });

  it('legacy-turn-orders (0.26): decisions are left (exit 1) and the output says where', async () => {
    const { code, text, err } = await run(fixture('legacy-turn-orders'));
    expect(code).toBe(1);
    expect(() => esbuild.transformSync(text, { loader: 'ts' })).not.toThrow();
    expect(text.match(/\/\/ FLOWSCOPE: decide/g)).toHaveLength(7);
    // One line per decision note, then the check's: the first step where the migration differs
    // from the original, explained by a release difference that a decision covers.
    const decisions = err.filter((l) => l.startsWith('decision') && !/^decision {2}step \d+ /.test(l));
    expect(decisions).toHaveLength(7);
    expect(err).toContainEqual(
      expect.stringMatching(/^decision {2}step \d+ \(.*\) differs from the original on 0\.26\.3: .*which a decision above covers$/),
    );
    expect(decisions).toContainEqual(expect.stringMatching(/^decision {2}flow\.phases\[2\]\.turnOrder: /));
    expect(err.at(-1)).toMatch(/7 decisions needed: search the output for "FLOWSCOPE: decide"$/);
    expect(text).toContain("events.endTurn({ next: '3' })");
    // The source as printed (before the decisions) loads and plays on 0.50.2; as the decision
    // notes say, 0.50 checks a phase's endIf before its onBegin, so its phases cascade.
    const config = await loadMigrated(text);
    const session = quietly(() => new Session({ runtime: bgio050, config, numPlayers: 4, seed: 'cli' }));
    const bot = new RandomPlayer({ seed: 'cli', restartOnGameOver: true });
    for (let i = 0; i < 200; i++) quietly(() => session.dispatch(bot.choose(session)!));
    expect(session.steps.filter((s) => s.error?.type === 'flowscope/threw')).toEqual([]);
  });

  it('bang-onmove-pitfall (0.50): the (G, ctx) onMove is rewritten, and then a BANG! asks the target to respond', async () => {
    const { code, text, err } = await run(fixture('bang-onmove-pitfall'));
    expect(code).toBe(0);
    expect(err.some((l) => /turn\.onMove.*never ran/.test(l))).toBe(true);
    expect(text).toContain('onMove: ({ G, events }) => {');
    const config = await loadMigrated(text.replace(/^\/\/ @ts-nocheck.*$/m, ''));
    const session = quietly(() => new Session({ runtime: bgio050, config, numPlayers: 3, seed: 'cli' }));
    quietly(() => session.dispatch({ type: 'move', name: 'drawCards', args: [], playerID: '0' }));
    const bang = (session.currentState.G as any).players['0'].hand.find((c: string) => c.startsWith('b'));
    const r = quietly(() => session.dispatch({ type: 'move', name: 'playBang', args: [bang, '1'], playerID: '0' }));
    expect(r.ctx.activePlayers).toEqual({ 1: 'respondToBang' });
  });

  it('game-corrected.ts has nothing to migrate: printed unchanged, exit 0', async () => {
    const { code, text, err } = await run(fixture('bang-onmove-pitfall', 'game-corrected.ts'));
    expect(code).toBe(0);
    expect(text).toBe(readFileSync(fixture('bang-onmove-pitfall', 'game-corrected.ts'), 'utf8'));
    expect(err.at(-1)).toMatch(/^nothing to migrate/);
  });

  it('checks its output the way the game was opened: its stubbed packages, and a game made by a factory', async () => {
    const source = (exported: string) => `import { Game } from 'boardgame.io/core';
import { toast } from 'some-ui-toast';
${exported}
`;
    const legacy = (start: string) =>
      `Game({ name: 'toaster', setup: () => ({ n: ${start} }), moves: { bump: (G) => { toast('bumped'); return { n: G.n + 1 }; } }, flow: { movesPerTurn: 1 } })`;
    const dir = tempDirWith({
      'plain.js': source(`export default ${legacy('0')};`),
      'factory.js': source(`export function makeToaster(start) { return ${legacy('start')}; }`),
    });
    const stubbed = { stubModules: ['some-ui-toast'] };
    const plain = await run(path.join(dir, 'plain.js'), { open: stubbed });
    expect(plain.err.join('\n')).not.toContain('does not load');
    expect(plain.err.at(-1)).toMatch(/no decision needed/);
    expect(plain.err.join('\n')).toMatch(/^check: .*agrees/m);
    expect(plain.code).toBe(0);
    const factory = await run(path.join(dir, 'factory.js'), { game: 'makeToaster', open: { ...stubbed, factoryArgs: [5] } });
    expect(factory.err.join('\n')).toMatch(/^check: .*agrees/m);
    expect(factory.code).toBe(0);
  });

  it('checks a game that needs setup data with the data given (--setup-data)', async () => {
    const dir = tempDirWith({
      'game.js': `import { Game } from 'boardgame.io/core';
export default Game({ name: 'goal', setup: (ctx, data) => ({ n: 0, goal: data.goal }), moves: { inc: (G) => ({ ...G, n: G.n + 1 }) }, flow: { movesPerTurn: 1 } });
`,
    });
    const without = await run(path.join(dir, 'game.js'));
    expect(without.err.join('\n')).toMatch(/cannot check the migration: the original game cannot be created/);
    const given = await run(path.join(dir, 'game.js'), { setupData: { goal: 50 } });
    expect(given.err.join('\n')).toMatch(/^check: .*agrees/m);
    expect(given.code).toBe(0);
  });

  it('a move copied from another file brings its boardgame.io names, and names what else it needs', async () => {
    const dir = tempDirWith({
      'flow/game.js': `import { Game } from 'boardgame.io/core';
import moves from './moves';
export default Game({ name: 'pile', setup: () => ({ pile: 2 }), moves, flow: { movesPerTurn: 1 } });
`,
      'flow/moves.js': `import { INVALID_MOVE } from 'boardgame.io/core';
export default { take: (G) => (G.pile === 0 ? INVALID_MOVE : { pile: G.pile - 1 }) };
`,
      'phases/staged.js': `import { playStage } from './stages';
export const Staged = { name: 'staged', setup: () => ({ n: 0 }), turn: { activePlayers: { currentPlayer: playStage.name }, stages: { [playStage.name]: playStage } } };
`,
      'phases/stages.js': `import { bump } from './helpers';
export const playStage = { name: 'play', moves: { add: (G, ctx) => { G.n = bump(G.n); ctx.events.endStage(); } } };
`,
      'phases/helpers.js': 'export const bump = (n) => n + 1;\n',
      'phases/package.json': JSON.stringify({ dependencies: { 'boardgame.io': '0.39.16' } }),
    });
    const pile = await run(path.join(dir, 'flow', 'game.js'));
    expect(pile.text).toMatch(/^import \{ INVALID_MOVE(, \w+)* \} from 'boardgame.io\/core';/m);
    expect(pile.err.join('\n')).toMatch(/^check: .*agrees/m);
    expect(pile.code).toBe(0);
    const staged = await run(path.join(dir, 'phases', 'staged.js'));
    expect(staged.text).toContain('/* FLOWSCOPE: copied from where it was written without bump: import it into this file');
    expect(staged.err.join('\n')).toMatch(/^failure {3}\S*staged\.js:\d+: left unwritten: copied from where it was written without bump/m);
    expect(staged.code).toBe(1);
  });

  it('a flow spec without a package.json (the era comes from the code) and --game', async () => {
    const source = `import { Game } from 'boardgame.io/core';
export const Other = { setup: () => ({}), moves: { m: ({ G }) => G } };
export const Legacy = Game({ name: 'legacy', setup: () => ({ n: 0 }), moves: { inc: (G) => ({ n: G.n + 1 }) }, flow: { movesPerTurn: 1 } });
`;
    const dir = tempDirWith({ 'game.ts': source });
    writeFileSync(path.join(dir, 'unused.txt'), '');
    const { code, text, err } = await run(path.join(dir, 'game.ts'), { game: 'legacy' });
    expect(code).toBe(0);
    expect(err[0]).toMatch(
      /on boardgame\.io 0\.32\.1: no package\.json names boardgame\.io, and the code has `Game\(\{ … \}\)` from boardgame\.io\/core \(≤0\.32\) at game\.ts:3.*but the code has functions taking the context object .* at game\.ts:2, which belongs to other releases/,
    );
    expect(text).toContain('export const Legacy = {');
    expect(text).toContain('minMoves: 1');
    expect(text).toContain('export const Other = { setup: () => ({}), moves: { m: ({ G }) => G } };');
  });
});
