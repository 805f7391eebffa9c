import { describe, expect, it } from 'vitest';
import { findReleaseEvidence } from './release-evidence';

const ids = (text: string) => findReleaseEvidence([{ file: 'game.js', text }]).map((e) => `${e.marker.id}:${e.line}`);

describe('release evidence', () => {
  it('is read from code, not from the text of strings or trailing comments', () => {
    const text = [
      "export const game = { setup: () => { throw new Error('ctx.random is gone: use random'); } }, // was flow: {",
      "const note = `allowedMoves: ['a']`;",
    ].join('\n');
    expect(ids(text)).toEqual([]);
  });

  it('still finds code that uses a string, and the old style itself', () => {
    const text = [
      "import { Game } from 'boardgame.io/core';",
      "const g = Game({ moves: { m: (G, ctx) => ctx.events.endTurn('1') } });",
    ].join('\n');
    expect(ids(text)).toEqual(expect.arrayContaining(['game-wrapper:2', 'endTurn-player:2', 'ctx-events:2']));
  });
});
