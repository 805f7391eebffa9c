// A (G, ctx) game with no package.json, in the shape real ones of 0.39–0.43 have: a phase's onBegin
// puts everyone in a stage and a turn's onEnd changes the active players, which 0.43 applied and
// 0.49 refuses. Nothing else in the code tells 0.43 from 0.49.
export default {
  name: 'release-guess',
  setup: () => ({ picks: [], ended: 0 }),
  moves: {
    pass: (G, ctx) => {
      G.ended += 1;
    },
  },
  phases: {
    draft: {
      start: true,
      onBegin: (G, ctx) => {
        ctx.events.setActivePlayers({ all: 'choosing' });
      },
      endIf: (G) => G.picks.length >= 4,
      next: 'play',
      turn: {
        stages: {
          choosing: {
            moves: {
              pick: (G, ctx) => {
                G.picks.push(ctx.playerID);
              },
            },
          },
        },
        onEnd: (G, ctx) => {
          ctx.events.setActivePlayers({ all: 'x' });
        },
      },
    },
    play: {
      moves: {
        pass: (G, ctx) => {
          G.ended += 1;
        },
      },
    },
  },
};
