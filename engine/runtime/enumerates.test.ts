import { describe, expect, it } from 'vitest';
import { Session } from '../session/session';
import type { GameConfig } from '../types';
import { bgio032 } from './bgio-032/bgio032-runtime';
import { bgio050 } from './bgio-050/bgio050-runtime';

const game = (ai?: GameConfig['ai']): GameConfig => ({
  name: 'counter',
  setup: () => ({ n: 0 }),
  moves: { add: (G: { n: number }) => ({ n: G.n + 1 }) },
  ...(ai ? { ai } : {}),
});

describe('RuntimeGame.enumerates', () => {
  for (const runtime of [bgio050, bgio032]) {
    it(`says whether the config has an ai.enumerate, on ${runtime.version}`, () => {
      const open = (config: GameConfig) => new Session({ runtime, config, numPlayers: 2, seed: 's' }).game;
      const plain = open(game());
      expect(plain.enumerates).toBe(false);
      expect(plain.enumerate({ G: {}, ctx: {} }, '0')).toBeNull();
      expect(open(game({ enumerate: () => [{ move: 'add', args: [] }] })).enumerates).toBe(true);
      expect(open(game({ enumerate: 'not a function' })).enumerates).toBe(false);
    });
  }
});
