import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../../testing/temp-dir';
import { runCli as run } from '../testing/run-cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixture = (name: string) => path.join(root, 'fixtures', name, 'game.ts');

describe('legacy games from the command line', () => {
  it('play records the release, check re-runs on it, compare finds the card game behaves the same on 0.50', async () => {
    const replay = path.join(tempDirWith({}), 'cards.json');
    const played = await run('play', fixture('legacy-card-phases'), '--players', '2', '--seed', 'c', '--random', '40', '--out', replay);
    expect(played.err).toMatch(/^boardgame.io 0.32.1: .*legacy-card-phases\/package.json depends on boardgame.io \^0.32.0/);
    expect(JSON.parse(readFileSync(replay, 'utf8')).game.bgio).toBe('0.32.1');
    expect((await run('check', fixture('legacy-card-phases'), replay)).code).toBe(0);
    const compared = await run('compare', fixture('legacy-card-phases'), replay);
    expect(compared.code).toBe(0);
    expect(compared.out).toMatch(
      /on boardgame.io 0.32.1 \(the replay was recorded on 0.32.1\) and on its migration to 0.50.2\nevery step agrees \(40 steps\)$/,
    );
  });

  it('compare reports a migration that cannot be created on 0.50.2 as the first difference, not as a bad game file', async () => {
    const dir = tempDirWith({
      'game.js': `class State { constructor(n) { this.n = n; } inc() { return new State(this.n + 1); } }
export default { name: 'class-g', setup: () => new State(0), moves: { inc: (G) => G.inc() } };
`,
    });
    const replay = path.join(dir, 'r.json');
    expect((await run('play', path.join(dir, 'game.js'), '--bgio', '0.39', '--random', '3', '--out', replay)).code).toBe(0);
    const compared = await run('compare', path.join(dir, 'game.js'), replay);
    expect(compared.code).toBe(1);
    expect(compared.out).toMatch(
      /class-g: created on boardgame.io 0.39.16, but its migration to 0.50.2 cannot be created\nfirst difference at step 0/,
    );
    expect(compared.out).toMatch(
      /the likely explanation:\n {2}- G is not a plain object or array \(a class instance, say\): 0\.39\.16 ran moves and hooks on it as it was, 0\.50\.2 runs them through immer.*\(step 0\)\. \(changed in 0\.41/,
    );
  });

  it('compare names the serializable check when a move returning a class instance is refused on 0.50.2, and only it', async () => {
    const dir = tempDirWith({
      'game.js': `class State { constructor(n) { this.n = n; } }
export default {
  name: 'late-class-g',
  setup: () => ({ n: 0 }),
  moves: { wrap: (G) => new State(G.n), inc: (G) => new State(G.n + 1) },
};
`,
    });
    const replay = path.join(dir, 'r.json');
    expect((await run('play', path.join(dir, 'game.js'), '--bgio', '0.39', '--random', '0', '--out', replay)).code).toBe(0);
    const recorded = JSON.parse(readFileSync(replay, 'utf8'));
    const move = (name: string) => ({ type: 'move', name, args: [], playerID: '0' });
    writeFileSync(replay, JSON.stringify({ ...recorded, actions: [move('inc'), move('wrap')] }));
    const compared = await run('compare', path.join(dir, 'game.js'), replay);
    expect(compared.code).toBe(1);
    expect(compared.out).toMatch(
      /first difference at step 1: inc\(\)\n {2}accepted: true on 0\.39\.16, false on 0\.50\.2 \(.*Move state is not JSON-serialiazable/,
    );
    expect(compared.out).toMatch(
      /the likely explanation:\n {2}- The move returned a G that JSON cannot carry .*\(step 1\)\. \(changed in 0\.43\.3/,
    );
    expect(compared.out).toMatch(/this game also meets 2 other differences between the releases: context-object, move-returns-nothing/);
  });

  it('compare explains a phase ended from onTurnEnd by the turn a 0.50 phase change ends, not by differences the game does not meet there', async () => {
    const dir = tempDirWith({
      'package.json': JSON.stringify({ dependencies: { 'boardgame.io': '^0.32.1' } }),
      'game.js': `import { Game } from 'boardgame.io/core';
export default Game({
  name: 'hand-over',
  setup: () => ({ ends: 0, passed: 0 }),
  moves: { pass: (G) => ({ ...G, passed: G.passed + 1 }) },
  flow: {
    startingPhase: 'A',
    phases: {
      A: { next: 'B', allowedMoves: ['pass'], onTurnEnd: (G, ctx) => { ctx.events.endPhase(); return { ...G, ends: G.ends + 1 }; } },
      B: { next: 'A', allowedMoves: ['pass'], endPhaseIf: (G) => G.passed >= 2, onPhaseEnd: (G) => ({ ...G, passed: 0 }) },
    },
  },
});
`,
    });
    const replay = path.join(dir, 'r.json');
    await run('play', path.join(dir, 'game.js'), '--random', '0', '--no-expect', '--out', replay);
    const recorded = JSON.parse(readFileSync(replay, 'utf8'));
    const step = (type: string, name: string) => ({ type, name, args: [], playerID: '0' });
    writeFileSync(replay, JSON.stringify({ ...recorded, actions: [step('move', 'pass'), step('event', 'endTurn')] }));
    const compared = await run('compare', path.join(dir, 'game.js'), replay);
    expect(compared.code).toBe(1);
    expect(compared.out).toMatch(
      /first difference at step 2: event endTurn\(\)\n {2}G differs\nthe likely explanation:\n {2}- When phase `B` began \(step 2\), 0\.32\.1 kept the turn going/,
    );
    expect(compared.out).not.toMatch(/onBegin` reset the state|still applied the move's event|is written `\(G, ctx\)`/);
  });

  it('compare names only the differences in play at the divergent step, each where it was found', async () => {
    const dir = tempDirWith({
      'game.js': `import { Game, TurnOrder } from 'boardgame.io/core';
export default Game({
  name: 'lobby',
  setup: () => ({ ready: [false, false, false], deck: [1, 2, 3] }),
  moves: { ready: (G, ctx) => ({ ...G, ready: G.ready.map((r, i) => r || String(i) === ctx.playerID) }) },
  flow: {
    startingPhase: 'lobby',
    phases: {
      lobby: { allowedMoves: ['ready'], turnOrder: TurnOrder.ANY, next: 'deal', endPhaseIf: (G) => G.ready.every(Boolean) },
      deal: { allowedMoves: [], onPhaseBegin: (G, ctx) => ({ ...G, deck: ctx.random.Shuffle(G.deck) }) },
    },
  },
});
`,
    });
    const replay = path.join(dir, 'r.json');
    await run('play', path.join(dir, 'game.js'), '--players', '3', '--random', '1', '--no-expect', '--out', replay);
    const recorded = JSON.parse(readFileSync(replay, 'utf8'));
    writeFileSync(replay, JSON.stringify({ ...recorded, actions: [{ type: 'event', name: 'endTurn', args: [], playerID: '2' }] }));
    const compared = await run('compare', path.join(dir, 'game.js'), replay);
    expect(compared.code).toBe(1);
    expect(compared.out).toMatch(/first difference at step 1: event endTurn\(\)\n {2}accepted: false on 0\.32\.1, true on 0\.50\.2/);
    expect(compared.out).toMatch(/the likely explanation:\n {2}- `TurnOrder\.ANY` on 0\.32\.1 let every player move/);
    // The phase deal's onPhaseBegin never ran, no move was made, and no function calls events.
    expect(compared.out).not.toMatch(/onBegin` calls a stage event|returned nothing|is written `\(G, ctx\)`/);
  });

  it('compare shows the first divergent step of the turn-orders game with the difference that explains it', async () => {
    const replay = path.join(tempDirWith({}), 'orders.json');
    await run('play', fixture('legacy-turn-orders'), '--players', '4', '--seed', 'cmp', '--random', '60', '--out', replay);
    const compared = await run('compare', fixture('legacy-turn-orders'), replay);
    expect(compared.code).toBe(1);
    expect(compared.out).toMatch(/first difference at step \d+: /);
    expect(compared.out).toMatch(/the likely explanations?:\n {2}- /);
    expect(compared.out).toMatch(/\(changed in 0\.\d+/);
    expect(compared.out).toMatch(/the migration left \d+ decisions to a human/);
  });

  it('migrate prints today’s API with the decisions marked', async () => {
    const migrated = await run('migrate', fixture('legacy-card-phases'));
    expect(migrated.out).toMatch(/phases: \{/);
    expect(migrated.out).not.toMatch(/\bflow: \{/);
  });
});
