// A 0.32 game kept at a property of the default export, its moves written inline and shared by
// two phases (`allowedMoves`), as real games of that era were laid out.
import { Game } from 'boardgame.io/core';

export default {
  title: 'Shelf',
  game: Game({
    name: 'migrate-shelf',
    setup: () => ({ stock: 0, sold: 0 }),
    moves: {
      restock: (G) => ({ ...G, stock: G.stock + 1 }),
      sell: (G) => (G.stock > 0 ? { ...G, stock: G.stock - 1, sold: G.sold + 1 } : G),
    },
    flow: {
      startingPhase: 'morning',
      phases: {
        morning: { allowedMoves: ['restock'], endPhaseIf: (G) => G.stock >= 2, next: 'evening' },
        evening: { allowedMoves: ['sell', 'restock'], endPhaseIf: (G) => G.stock === 0, next: 'morning' },
      },
    },
  }),
};
