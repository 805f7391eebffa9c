/** A game whose one move does some real work, so a long replay of it takes a while to load. */
export const TICKER_GAME = `export default {
  name: 'ticker',
  setup: () => ({ n: 0, sum: 0 }),
  moves: {
    tick: ({ G }) => {
      let sum = 0;
      for (let i = 0; i < 20000; i++) sum = (sum + i * i) % 1000003;
      G.n += 1;
      G.sum = sum;
    },
  },
};
`;

/** A replay of `steps` ticks by player 0, naming the game as `game.ts` beside it. */
export function tickerReplay(steps: number): string {
  return JSON.stringify({
    format: 'flowscope-replay',
    version: 1,
    game: { name: 'ticker', file: 'game.ts' },
    numPlayers: 2,
    seed: 'slow',
    actions: Array.from({ length: steps }, () => ({ type: 'move', name: 'tick', args: [], playerID: '0' })),
  });
}
