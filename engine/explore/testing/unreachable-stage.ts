// `orphan` is declared but nothing ever puts a player in it; `respond` is reached by `challenge`.
export default {
  name: 'unreachable-stage',
  setup: () => ({ n: 0 }),
  events: { setStage: false, setActivePlayers: false },
  endIf: ({ G }: any) => (G.n >= 6 ? { draw: true } : undefined),
  moves: {
    challenge: ({ G, events }: any) => {
      G.n++;
      events.setActivePlayers({ others: 'respond', minMoves: 1, maxMoves: 1 });
    },
  },
  turn: {
    stages: {
      respond: { moves: { answer: ({ G }: any) => void G.n++ } },
      orphan: { moves: { wander: ({ G }: any) => void G.n++ } },
    },
  },
};
