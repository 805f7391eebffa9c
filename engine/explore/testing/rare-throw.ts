// `pick(3)` right after `pick(7)` throws: a one-in-a-hundred path among ten choices each turn.
export default {
  name: 'rare-throw',
  setup: () => ({ last: -1, picks: 0 }),
  endIf: ({ G }: any) => (G.picks >= 40 ? { draw: true } : undefined),
  moves: {
    pick: ({ G }: any, n: number) => {
      if (G.last === 7 && n === 3) throw new Error('no card after a seven');
      G.last = n;
      G.picks++;
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  ai: { enumerate: () => Array.from({ length: 10 }, (_, n) => ({ move: 'pick', args: [n] })) },
};
