// A turn order whose `next` counts past playOrder (no wrap-around): after the last seat,
// currentPlayer is undefined, as in real games that end the round by running off the end.
export const RunsOffTheEnd = {
  name: 'runs-off-the-end',
  setup: () => ({ played: [] as string[] }),
  moves: {
    pass: ({ G, playerID }: any) => {
      G.played.push(playerID);
    },
  },
  turn: {
    activePlayers: { currentPlayer: 'choosing' },
    stages: { choosing: { moves: { pass: ({ G, playerID }: any) => void G.played.push(playerID) } } },
    minMoves: 1,
    maxMoves: 1,
    order: {
      first: () => 0,
      next: ({ ctx }: any) => ctx.playOrderPos + 1,
    },
  },
};
