import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';
import { pickRelease } from './pick-release';

describe('an empty boardgame.io range in package.json', () => {
  it('is named as empty, with or without a lockfile, and leaves the choice to the code when nothing is locked', () => {
    const locked = tempDirWith({
      'package.json': JSON.stringify({ dependencies: { 'boardgame.io': '' } }),
      'package-lock.json': JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/boardgame.io': { version: '0.43.1' } } }),
      'game.js': 'export default {};',
    });
    const byLock = pickRelease(path.join(locked, 'game.js'));
    expect(byLock.runtime.version).toBe('0.43.3');
    expect(byLock.reason).toMatch(/locks boardgame\.io 0\.43\.1 \(package\.json gives no version: ""\)/);
    const bare = tempDirWith({
      'package.json': JSON.stringify({ dependencies: { 'boardgame.io': '' } }),
      'game.js': 'export default { flow: { startingPhase: "a" } };',
    });
    const byCode = pickRelease(path.join(bare, 'game.js'));
    expect(byCode.runtime.version).toBe('0.32.1');
    expect(byCode.reason).toMatch(/package\.json names boardgame\.io with no version \(""\), and the code has/);
  });
});

const corner = (name: string) =>
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../cli/testing/corners', name), 'utf8');

describe('a (G, ctx) game with no package.json', () => {
  it('runs on the older release when the newest (G, ctx) release refuses events its hooks call', () => {
    const dir = tempDirWith({ 'game.js': corner('release-guess/game.js') });
    const choice = pickRelease(path.join(dir, 'game.js'));
    expect(choice.runtime.version).toBe('0.43.3');
    expect(choice.reason).toMatch(/in a phase's `onBegin` \(applied by 0\.43 and before; 0\.49\+ refuse the action\) at game\.js:\d+/);
  });

  it('an event in an endIf or a turn order is the same evidence; a game with none stays on 0.49', () => {
    const inEndIf = tempDirWith({
      'game.js': 'export default { moves: { a: (G, ctx) => G }, turn: { endIf: (G, ctx) => { ctx.events.endPhase(); return false; } } };',
    });
    expect(pickRelease(path.join(inEndIf, 'game.js')).runtime.version).toBe('0.43.3');
    const plain = tempDirWith({
      'game.js':
        'export default { moves: { a: (G, ctx) => { ctx.events.endTurn(); } }, turn: { onBegin: (G, ctx) => { ctx.events.setActivePlayers({ all: "s" }); } } };',
    });
    expect(pickRelease(path.join(plain, 'game.js')).runtime.version).toBe('0.49.13');
  });
});

describe('plugin APIs as release evidence', () => {
  it('a (G, ctx) game whose plugin refuses actions with isInvalid runs on 0.49, the release that calls it', () => {
    const dir = tempDirWith({
      'game.js': [
        'const limits = { name: "limits", isInvalid: ({ G }) => (G.n > 3 ? "too many" : false) };',
        'export default { plugins: [limits], setup: () => ({ n: 0 }), moves: { up: (G, ctx) => { G.n += 1; } } };',
      ].join('\n'),
    });
    const choice = pickRelease(path.join(dir, 'game.js'));
    expect(choice.runtime.version).toBe('0.49.13');
    expect(choice.reason).toMatch(/a plugin's `isInvalid` \(0\.49\+/);
  });
});
