// The measure: a move that pushes an unseeded random number onto G.
export const Rolls = {
  name: 'rolls',
  setup: () => ({ rolls: [] }),
  moves: {
    roll: ({ G }) => {
      G.rolls.push(Math.floor(Math.random() * 1000));
    },
  },
};
