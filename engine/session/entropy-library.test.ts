import { describe, expect, it } from 'vitest';
import { Entropy } from './entropy';

describe("a library's own clock read before the game's in the same function and step", () => {
  it("does not hide the game's read from the diagnostic", () => {
    const entropy = new Entropy('s', 'seeded', () => 'moves.create');
    entropy.run(1, true, () => {
      // shortid timing itself (not worth a diagnostic), then the game's own Date.now().
      entropy.note('Date.now', () => false);
      entropy.note('Date.now', () => 'game.ts:12');
      entropy.note('Date.now', () => 'game.ts:12');
    });
    expect(entropy.takeUses()).toEqual([{ api: 'Date.now', fn: 'moves.create', where: 'game.ts:12' }]);
  });
});
