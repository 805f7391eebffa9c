// A game that numbers its cards with a counter kept in the module (outside G), beside a seeded
// Math.random call in the same move, as real games do: a second run in the same process starts
// the counter where the first left it.
let nextCardId = 0;

export const ModuleCounter = {
  name: 'module-counter',
  setup: () => ({ cards: [] as { id: number; roll: number }[] }),
  moves: {
    draw: ({ G }: any) => {
      nextCardId += 1;
      G.cards.push({ id: nextCardId, roll: Math.floor(Math.random() * 6) });
    },
  },
};
