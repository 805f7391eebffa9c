import { describe, expect, it } from 'vitest';
import { cutPath } from './cut-path';

describe('cutPath', () => {
  const file = '/home/ada/projects/card-games/bang/src/game/game.ts';

  it('leaves a path that fits whole', () => {
    expect(cutPath(file, file.length)).toBe(file);
    expect(cutPath('game.ts', 3)).toBe('game.ts');
  });

  it('cuts in the middle: the first folder, the folders nearest the file, and its name whole', () => {
    expect(cutPath(file, 30)).toBe('/home/…/bang/src/game/game.ts');
    expect(cutPath(file, 40)).toBe('/home/…/card-games/bang/src/game/game.ts');
    const cut = cutPath(file, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut.endsWith('/game.ts')).toBe(true);
  });

  it('keeps the name whole even when only it fits', () => {
    expect(cutPath('/home/ada/a-very-long-folder-name/an-even-longer-file-name.ts', 20)).toBe('…/an-even-longer-file-name.ts');
  });

  it('cuts ~/… and relative paths the same way, and Windows paths at backslashes', () => {
    expect(cutPath('~/scratch/deep/er/still/game.ts', 22)).toBe('~/…/er/still/game.ts');
    expect(cutPath('C:\\Users\\ada\\projects\\bang\\game.ts', 24)).toBe('C:\\Users\\…\\bang\\game.ts');
  });
});
