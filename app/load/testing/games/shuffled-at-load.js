// Randomness at module load only: the deck is shuffled once, when the file is loaded, and setup
// deals from it. Moves are deterministic.
const DECK = Array.from({ length: 20 }, (_, i) => i).sort(() => Math.random() - 0.5);

export const ShuffledAtLoad = {
  name: 'shuffled-at-load',
  setup: () => ({ hand: DECK.slice(0, 5), played: [] }),
  moves: {
    play: ({ G }) => {
      if (G.hand.length) G.played.push(G.hand.shift());
    },
  },
};
