// A game whose move uses Math.random instead of boardgame.io's random plugin: a client and
// Flowscope compute different states from the same action, which following must point out.
import type { Game } from 'boardgame.io';

export const MathRandom: Game<{ value: number; moves: number }> = {
  name: 'math-random',
  setup: () => ({ value: 0, moves: 0 }),
  moves: {
    count: ({ G }) => void G.moves++,
    roll: ({ G }) => void (G.value = Math.random()),
  },
};

export default MathRandom;
