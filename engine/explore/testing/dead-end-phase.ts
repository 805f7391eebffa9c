// Everyone bids once in `bidding` (each bid ends the turn), but nothing ends the phase: once all
// have bid, no move is accepted and only a client's `endPhase` (no UI of this game offers one) leaves it.
export default {
  name: 'dead-end-phase',
  setup: () => ({ bids: {} as Record<string, number>, rounds: 0 }),
  phases: {
    bidding: {
      start: true,
      next: 'play',
      moves: {
        bid: ({ G, playerID, events }: any) => {
          if (G.bids[playerID] !== undefined) return 'INVALID_MOVE';
          G.bids[playerID] = 1;
          events.endTurn();
        },
      },
    },
    play: {
      turn: { minMoves: 1, maxMoves: 1 },
      moves: { score: ({ G }: any) => void G.rounds++ },
    },
  },
  endIf: ({ G }: any) => (G.rounds >= 4 ? { draw: true } : undefined),
};
