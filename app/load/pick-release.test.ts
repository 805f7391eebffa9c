import path from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closestRuntime, registerRuntime, RUNTIMES, type BgioRuntime } from '../../engine';
import { tempDirWith } from '../testing/temp-dir';
import { declaredRange, eraOfSource, pickRelease } from './pick-release';

const fake = (version: string, era: BgioRuntime['era']): BgioRuntime => ({
  version,
  era,
  modules: {},
  prepare: () => {
    throw new Error('fake');
  },
});

describe('choosing the boardgame.io release', () => {
  it('resolves versions and ranges to the closest shipped release', () => {
    for (const r of [fake('0.26.3', 'flow'), fake('0.32.1', 'flow'), fake('0.49.13', 'phases-g-ctx')])
      if (!RUNTIMES.some((x) => x.version === r.version)) registerRuntime(r);
    expect(closestRuntime('^0.49.4')?.version).toBe('0.49.13');
    expect(closestRuntime('~0.32.0')?.version).toBe('0.32.1');
    expect(closestRuntime('0.50.2')?.version).toBe('0.50.2');
    // The newest shipped release that satisfies the range, as npm would install.
    expect(closestRuntime('>=0.30')?.version).toBe(RUNTIMES[RUNTIMES.length - 1].version);
    expect(closestRuntime('0.20.0')?.version).toBe(RUNTIMES[0].version);
    expect(closestRuntime('latest')).toBeNull();
  });

  it('reads the nearest package.json that depends on boardgame.io, walking upwards', () => {
    const dir = tempDirWith({ 'package.json': JSON.stringify({ dependencies: { 'boardgame.io': '^0.49.4' } }) });
    mkdirSync(path.join(dir, 'src', 'game'), { recursive: true });
    writeFileSync(path.join(dir, 'src', 'package.json'), JSON.stringify({ name: 'no-bgio-here' }));
    writeFileSync(path.join(dir, 'src', 'game', 'game.ts'), 'export default {};');
    expect(declaredRange(path.join(dir, 'src', 'game', 'game.ts'))).toEqual({
      packageJson: path.join(dir, 'package.json'),
      range: '^0.49.4',
    });
    const choice = pickRelease(path.join(dir, 'src', 'game', 'game.ts'));
    expect(choice.runtime.version).toBe('0.49.13');
    expect(choice.reason).toBe(
      `${path.join(dir, 'package.json')} depends on boardgame.io ^0.49.4 (shipped release that satisfies it: 0.49.13)`,
    );
  });

  it('falls back to the API style of the code, and --bgio overrides everything', () => {
    const dir = tempDirWith({
      'flow.js': "import { Game } from 'boardgame.io/core';\nexport default Game({ flow: { startingPhase: 'a' } });",
      'gctx.ts': 'export default { moves: { a: (G, ctx) => { ctx.events.endTurn(); } } };',
      'modern.ts': 'export default { moves: { a: ({ G, events }) => events.endTurn() } };',
      'mixed.ts': 'export default { moves: { a: ({ G }) => {}, b: (G, ctx) => { ctx.events.endTurn(); } } };',
    });
    // These temp files have no package.json above them that names boardgame.io.
    expect(eraOfSource("import { Game } from 'boardgame.io/core'; Game({ moves: {} })")?.era).toBe('flow');
    expect(pickRelease(path.join(dir, 'flow.js')).runtime.era).toBe('flow');
    expect(pickRelease(path.join(dir, 'gctx.ts')).reason).toMatch(/functions taking `\(G, ctx\)` \(≤0\.49\) at gctx\.ts:1/);
    expect(pickRelease(path.join(dir, 'modern.ts')).runtime.version).toBe('0.50.2');
    expect(pickRelease(path.join(dir, 'mixed.ts')).runtime.version).toBe('0.50.2');
    expect(pickRelease(path.join(dir, 'modern.ts'), '0.49').runtime.version).toBe('0.49.13');
    expect(pickRelease(path.join(dir, 'modern.ts'), '0.49').reason).toBe('--bgio 0.49 (closest shipped release: 0.49.13)');
    expect(() => pickRelease(path.join(dir, 'modern.ts'), 'next')).toThrow(/not a boardgame.io release Flowscope ships/);
  });
});

describe('package.json ranges from every era', () => {
  const cases: [string, string, RegExp][] = [
    ['^0.21.5', '0.26.3', /no shipped release satisfies it: using 0\.26\.3, the nearest of the same API generation, ≤0\.26/],
    ['~0.26.0', '0.26.3', /shipped release that satisfies it: 0\.26\.3/],
    ['^0.28.0', '0.32.1', /no shipped release satisfies it: using 0\.32\.1, the nearest of the same API generation, 0\.27–0\.32/],
    ['^0.31.3', '0.32.1', /nearest of the same API generation/],
    ['0.32.1', '0.32.1', /depends on boardgame\.io 0\.32\.1$/],
    ['^0.35.1', '0.39.16', /nearest of the same API generation, 0\.33–0\.49/],
    ['^0.39.13', '0.39.16', /satisfies it: 0\.39\.16/],
    ['^0.40.0', '0.39.16', /nearest/],
    ['^0.44.2', '0.43.3', /nearest/],
    ['^0.47.0', '0.49.13', /nearest/],
    ['0.48.x', '0.49.13', /nearest/],
    ['^0.50.0', '0.50.2', /satisfies it: 0\.50\.2/],
    ['^0.52.0', '0.50.2', /nearest of the same API generation, 0\.50\+/],
    ['>=0.40 <0.50', '0.49.13', /satisfies it: 0\.49\.13/],
  ];
  for (const [range, version, reason] of cases) {
    it(`${range} runs on ${version}`, () => {
      const dir = tempDirWith({
        'package.json': JSON.stringify({ dependencies: { 'boardgame.io': range } }),
        'game.js': 'export default { moves: {} };',
      });
      const choice = pickRelease(path.join(dir, 'game.js'));
      expect(choice.runtime.version).toBe(version);
      expect(choice.reason).toMatch(reason);
    });
  }

  it('prefers the version a lockfile pinned, and falls back to the code for a range that is not one', () => {
    const locked = tempDirWith({
      'package.json': JSON.stringify({ dependencies: { 'boardgame.io': '^0.39.0' } }),
      'package-lock.json': JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/boardgame.io': { version: '0.43.1' } } }),
      'game.js': 'export default {};',
    });
    expect(pickRelease(path.join(locked, 'game.js')).runtime.version).toBe('0.43.3');
    expect(pickRelease(path.join(locked, 'game.js')).reason).toMatch(
      /package-lock\.json locks boardgame\.io 0\.43\.1 \(package\.json asks for \^0\.39\.0\)/,
    );
    const yarn = tempDirWith({
      'package.json': JSON.stringify({ dependencies: { 'boardgame.io': '^0.32.0' } }),
      'yarn.lock': 'boardgame.io@^0.32.0:\n  version "0.32.1"\n',
      'game.js': '',
    });
    expect(pickRelease(path.join(yarn, 'game.js')).runtime.version).toBe('0.32.1');
    const git = tempDirWith({
      'package.json': JSON.stringify({ dependencies: { 'boardgame.io': 'github:boardgameio/boardgame.io' } }),
      'game.js': 'export default { flow: { startingPhase: "a" } };',
    });
    const choice = pickRelease(path.join(git, 'game.js'));
    expect(choice.runtime.version).toBe('0.32.1');
    expect(choice.reason).toMatch(
      /asks for boardgame\.io github:boardgameio\/boardgame\.io, which is not a version range, and the code has/,
    );
  });
});

describe('the release from every file the game imports', () => {
  const pick = (files: Record<string, string>) => {
    const dir = tempDirWith(files);
    return pickRelease(
      path.join(dir, 'game.js'),
      undefined,
      undefined,
      Object.keys(files).map((f) => path.join(dir, f)),
    );
  };
  const entry = "import { moves } from './moves';\nimport { turn } from './rules/turn';\nexport default { moves, turn };\n";

  it('finds (G, ctx) and moveLimit in helpers: 0.33–0.47', () => {
    const choice = pick({
      'game.js': entry,
      'moves.js': 'export const moves = { play(G, ctx) { ctx.events.endTurn(); } };',
      'rules/turn.js': 'export const turn = { moveLimit: 1 };',
    });
    expect(choice.runtime.version).toBe('0.43.3');
    expect(choice.reason).toMatch(/`moveLimit` \(0\.33–0\.47; `minMoves`\/`maxMoves` since 0\.48\) at rules\/turn\.js:1/);
    expect(choice.reason).toMatch(/moves\.js:1/);
  });

  it('finds minMoves/maxMoves in a helper: 0.48–0.49', () => {
    const choice = pick({
      'game.js': entry,
      'moves.js': 'export const moves = { play: (G, ctx) => G };',
      'rules/turn.js': 'export const turn = {\n  minMoves: 1,\n  maxMoves: 2,\n};',
    });
    expect(choice.runtime.version).toBe('0.49.13');
    expect(choice.reason).toMatch(/`minMoves` \/ `maxMoves` \(0\.48\+\) at rules\/turn\.js:2/);
  });

  it('finds the context object in a helper: 0.50', () => {
    const choice = pick({
      'game.js': entry,
      'moves.js': 'export const moves = { play: ({ G, events }) => events.endTurn() };',
      'rules/turn.js': 'export const turn = { minMoves: 1 };',
    });
    expect(choice.runtime.version).toBe('0.50.2');
  });

  it('finds the flow API in a helper: 0.27–0.32, or ≤0.26 with phases as an array', () => {
    expect(
      pick({
        'game.js': "import { flow } from './flow';\nexport default { moves: {}, flow };",
        'flow.js': "export const flow = {\n  startingPhase: 'a',\n  phases: { a: { endPhaseIf: (G) => G.done } },\n};",
      }).runtime.version,
    ).toBe('0.32.1');
    expect(
      pick({
        'game.js': "import { flow } from './flow';\nexport default { moves: {}, flow };",
        'flow.js': "export const flow = { phases: [{ name: 'a' }], endTurnIf: (G, ctx) => false };",
      }).runtime.version,
    ).toBe('0.26.3');
  });

  it('finds stages and activePlayers: 0.33 or later', () => {
    const choice = pick({
      'game.js': entry,
      'moves.js': 'export const moves = { a: (G, ctx) => { ctx.events.setActivePlayers({ others: "x" }); } };',
      'rules/turn.js': 'export const turn = { stages: { x: {} } };',
    });
    expect(choice.runtime.version).toBe('0.49.13');
  });

  it('says so when the evidence conflicts', () => {
    const choice = pick({
      'game.js': entry,
      'moves.js': 'export const moves = { play: ({ G, events }) => events.endTurn() };',
      'rules/turn.js': 'export const turn = { endTurnIf: (G, ctx) => false };',
    });
    expect(choice.runtime.version).toBe('0.50.2');
    expect(choice.reason).toMatch(/; but the code has a flow key of ≤0\.32 .* at rules\/turn\.js:1, which belongs to other releases$/);
    expect(choice.evidence.length).toBeGreaterThanOrEqual(3);
  });

  it('is not misled by a React board that takes ({ G, ctx, moves })', () => {
    expect(
      pick({
        'game.js': "import './board';\nexport default { moves: { a: (G, ctx) => G } };",
        'board.js': 'export const Board = ({ G, ctx, moves }) => null;',
      }).runtime.version,
    ).toBe('0.49.13');
  });
});
