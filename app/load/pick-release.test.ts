import path from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closestRuntime, registerRuntime, RUNTIMES, type BgioRuntime } from '../../engine';
import { tempDirWith } from '../testing/temp-dir';
import { declaredRange, eraOfSource, pickRelease } from './pick-release';

const fake = (version: string, era: BgioRuntime['era']): BgioRuntime => ({ version, era, modules: {}, prepare: () => { throw new Error('fake'); } });

describe('choosing the boardgame.io release', () => {
  it('resolves versions and ranges to the closest shipped release', () => {
    for (const r of [fake('0.26.3', 'flow'), fake('0.32.1', 'flow'), fake('0.49.13', 'phases-g-ctx')]) if (!RUNTIMES.some((x) => x.version === r.version)) registerRuntime(r);
    expect(closestRuntime('^0.49.4')?.version).toBe('0.49.13');
    expect(closestRuntime('~0.32.0')?.version).toBe('0.32.1');
    expect(closestRuntime('0.50.2')?.version).toBe('0.50.2');
    expect(closestRuntime('>=0.30')?.version).toBe('0.26.3');
    expect(closestRuntime('0.20.0')?.version).toBe(RUNTIMES[0].version);
    expect(closestRuntime('latest')).toBeNull();
  });

  it('reads the nearest package.json that depends on boardgame.io, walking upwards', () => {
    const dir = tempDirWith({ 'package.json': JSON.stringify({ dependencies: { 'boardgame.io': '^0.49.4' } }) });
    mkdirSync(path.join(dir, 'src', 'game'), { recursive: true });
    writeFileSync(path.join(dir, 'src', 'package.json'), JSON.stringify({ name: 'no-bgio-here' }));
    writeFileSync(path.join(dir, 'src', 'game', 'game.ts'), 'export default {};');
    expect(declaredRange(path.join(dir, 'src', 'game', 'game.ts'))).toEqual({ packageJson: path.join(dir, 'package.json'), range: '^0.49.4' });
    const choice = pickRelease(path.join(dir, 'src', 'game', 'game.ts'));
    expect(choice.runtime.version).toBe('0.49.13');
    expect(choice.reason).toBe(`${path.join(dir, 'package.json')} depends on boardgame.io ^0.49.4 (closest shipped release: 0.49.13)`);
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
    expect(pickRelease(path.join(dir, 'gctx.ts')).reason).toMatch(/its moves and hooks take \(G, ctx\)/);
    expect(pickRelease(path.join(dir, 'modern.ts')).runtime.version).toBe('0.50.2');
    expect(pickRelease(path.join(dir, 'mixed.ts')).runtime.version).toBe('0.50.2');
    expect(pickRelease(path.join(dir, 'modern.ts'), '0.49').runtime.version).toBe('0.49.13');
    expect(pickRelease(path.join(dir, 'modern.ts'), '0.49').reason).toBe('--bgio 0.49 (closest shipped release: 0.49.13)');
    expect(() => pickRelease(path.join(dir, 'modern.ts'), 'next')).toThrow(/not a boardgame.io release Flowscope ships/);
  });
});
