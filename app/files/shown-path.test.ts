import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shownPath } from './shown-path';

describe('shownPath', () => {
  const cwd = '/home/ada/work/flowscope';
  const home = '/home/ada';

  it('is relative to the working folder inside it', () => {
    expect(shownPath('/home/ada/work/flowscope/games/dice.ts', cwd, home)).toBe(path.join('games', 'dice.ts'));
    expect(shownPath('games/dice.ts', cwd, home)).toBe(path.join('games', 'dice.ts'));
  });

  it('starts with ~ under the home folder outside the working folder, never with ../', () => {
    expect(shownPath('/home/ada/scratch/game.ts', cwd, home)).toBe('~/scratch/game.ts');
    // esbuild names a file relative to the working folder: it is shown from the home folder.
    expect(shownPath('../../scratch/game.ts', cwd, home)).toBe('~/scratch/game.ts');
  });

  it('is whole elsewhere', () => {
    expect(shownPath('/tmp/run-1/game.ts', cwd, home)).toBe('/tmp/run-1/game.ts');
    expect(shownPath('../../../../tmp/run-1/game.ts', cwd, home)).toBe('/tmp/run-1/game.ts');
    // A home folder that is the root (a container's) would make every path ~/….
    expect(shownPath('/tmp/game.ts', '/srv/app', '/')).toBe('/tmp/game.ts');
  });

  it('a folder whose name starts with two dots is inside', () => {
    expect(shownPath('/home/ada/work/flowscope/..games/dice.ts', cwd, home)).toBe(path.join('..games', 'dice.ts'));
  });
});
