import { describe, expect, it } from 'vitest';
import { findGames, GameSelectionError, selectGame } from './find-games';

const a = { name: 'alpha', moves: {} };
const b = { setup: () => ({}) };

describe('finding games in a module', () => {
  it('takes the default export and named exports that look like games, once each', () => {
    const games = findGames({ default: a, Alpha: a, Beta: b, helper: () => 1, constant: 3, cards: [1, 2], options: { colour: 'red' } });
    expect(games.map((g) => [g.exportName, g.name])).toEqual([
      ['default', 'alpha'],
      ['Beta', 'Beta'],
    ]);
  });

  it('unwraps a CommonJS default nested one level down', () => {
    expect(findGames({ default: { default: a } })[0].config).toBe(a);
  });

  it('selects by export name or game name, or the default', () => {
    const games = findGames({ default: a, Beta: b });
    expect(selectGame(games, 'Beta').config).toBe(b);
    expect(selectGame(games, 'alpha').config).toBe(a);
    expect(selectGame(games).config).toBe(a);
  });

  it('explains what it found when a choice is needed or impossible', () => {
    expect(() => selectGame(findGames({ One: a, Two: b }))).toThrow(
      'this module exports several games, choose one with --game: alpha (export One), Two',
    );
    expect(() => selectGame(findGames({ One: a }), 'gamma')).toThrow('no game named gamma; this module has: alpha (export One)');
    expect(() => selectGame(findGames({ x: 1 }))).toThrow(GameSelectionError);
  });
});
