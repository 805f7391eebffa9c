// `choose(id)` stores any id unchecked; `play()` (no arguments) then looks the card up and throws
// when the id names no card. Nothing tells explore which ids a client sends, so the ids it tries
// are made up, and the throw in `play` depends on them.
export default {
  name: 'stale-pick',
  setup: () => ({
    cards: [
      { id: 'ace', power: 3 },
      { id: 'king', power: 2 },
    ],
    chosen: 'ace',
    score: 0,
  }),
  endIf: ({ G }: any) => (G.score >= 30 ? { winner: '0' } : undefined),
  moves: {
    choose: ({ G }: any, id: string) => {
      G.chosen = id;
    },
    play: ({ G }: any) => {
      G.score += G.cards.find((c: { id: string }) => c.id === G.chosen).power;
    },
  },
};
