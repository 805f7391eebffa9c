import path from 'node:path';
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
