// Once the count reaches 3, phase a's endIf ends it into b, whose endIf ends it back into a: an
// endless chain that boardgame.io's loop guard cuts by leaving the game in no phase.
export default {
  name: 'endless-endif',
  setup: () => ({ n: 0 }),
  events: { endPhase: false, setPhase: false },
  endIf: ({ G }: any) => (G.n >= 6 ? { draw: true } : undefined),
  moves: { inc: ({ G }: any) => void G.n++ },
  phases: {
    a: { start: true, endIf: ({ G }: any) => G.n >= 3, next: 'b' },
    b: { endIf: ({ G }: any) => G.n >= 3, next: 'a' },
  },
  ai: { enumerate: () => [{ move: 'inc' }, { event: 'endTurn' }] },
};
