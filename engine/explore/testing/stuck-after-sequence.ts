// A game that gets stuck only after one sequence: `arm` when the count is exactly 2, then count to 4.
// Clients may fire no events, and the trap phase has no moves: nobody can ever act again.
const NO_EVENTS = {
  endTurn: false,
  endPhase: false,
  setPhase: false,
  endStage: false,
  setStage: false,
  setActivePlayers: false,
  pass: false,
  endGame: false,
};

export default {
  name: 'stuck-after-sequence',
  setup: () => ({ n: 0, armed: false }),
  events: NO_EVENTS,
  endIf: ({ G }: any) => (G.n >= 8 ? { draw: true } : undefined),
  phases: {
    main: {
      start: true,
      moves: {
        play: ({ G }: any) => {
          G.n++;
        },
        arm: ({ G }: any) => {
          if (G.n === 2) G.armed = true;
        },
      },
      endIf: ({ G }: any) => G.armed && G.n >= 4,
      next: 'trap',
    },
    trap: { moves: {} },
  },
  ai: { enumerate: () => [{ move: 'play' }, { move: 'arm' }] },
};
