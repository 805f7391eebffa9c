// A 0.43 game in the shape real ones have: each phase opens by putting players in a stage from
// its onBegin (0.43 applied it; 0.49+ refuse the action that enters the phase).
export default {
  name: 'migrate-stage-events',
  setup: () => ({ bids: [], plays: 0 }),
  // Each phase is one turn long: it ends by its endIf, never by endTurn.
  events: { endTurn: false, pass: false },
  phases: {
    bidding: {
      start: true,
      onBegin: (G, ctx) => {
        ctx.events.setActivePlayers({ all: 'bid', moveLimit: 1 });
      },
      endIf: (G, ctx) => G.bids.length >= ctx.numPlayers,
      next: 'playing',
      turn: {
        stages: {
          bid: { moves: { bid: (G, ctx, amount) => void G.bids.push({ who: ctx.playerID, amount }) } },
        },
      },
    },
    playing: {
      onBegin: (G, ctx) => {
        G.plays = 0;
        ctx.events.setActivePlayers({ currentPlayer: 'play' });
      },
      turn: {
        stages: { play: { moves: { play: (G) => void (G.plays += 1) } } },
      },
    },
  },
};
