// A 0.43 game that opens its first turn in a warm-up stage by calling setStage from setup (0.43
// applied it; 0.49 ignores it and 0.50 has no events in setup).
export default {
  name: 'migrate-setup-stage',
  setup: (ctx) => {
    ctx.events.setStage('warmup');
    return { n: 0 };
  },
  moves: { go: (G) => void (G.n += 1) },
  turn: {
    moveLimit: 1,
    stages: { warmup: { moves: { stretch: (G) => void (G.n += 10) } } },
  },
};
