import { describe, expect, it } from 'vitest';
import { tokenBreaks } from './token-breaks';

describe('where a call with JSON arguments may wrap', () => {
  it('after punctuation between tokens, never inside a name, number or string', () => {
    expect(tokenBreaks('setActivePlayers({"value":{"1":"respondToBang"},"minMoves":1,"maxMoves":1})')).toEqual([
      'setActivePlayers(',
      '{',
      '"value":',
      '{',
      '"1":',
      '"respondToBang"},',
      '"minMoves":',
      '1,',
      '"maxMoves":',
      '1})',
    ]);
  });
  it('keeps punctuation inside strings (and escaped quotes) whole', () => {
    expect(tokenBreaks('f("a, b: c", "say \\"x, y\\"")')).toEqual(['f(', '"a, b: c",', ' "say \\"x, y\\"")']);
  });
  it('joins back to the text', () => {
    const text = 'player 1 entered stage respondToBang because phases.play.moves.playBang called setActivePlayers({"value":1})';
    expect(tokenBreaks(text).join('')).toBe(text);
  });
});
