// A small game in the `(G, ctx)` style of 0.33-0.49 (phases, a turn order, random, an end), so
// the trace-cost row can run on those releases. Each turn draws or plays; phases swap when the
// deck or the hands run out; the game ends after a fixed number of cycles.
const CYCLES = 40;

interface State {
  deck: number;
  hand: number[];
  score: number[];
  cycles: number;
}

const playerOf = (ctx: any) => Number(ctx.currentPlayer);

/** A fresh config each call: releases mutate the config they are given. */
export const makePhasesCards = () => ({
  name: 'phases-cards',
  minPlayers: 2,
  maxPlayers: 4,
  setup: (ctx: any): State => ({ deck: 12, hand: Array(ctx.numPlayers).fill(0), score: Array(ctx.numPlayers).fill(0), cycles: 0 }),
  moves: {
    draw: (G: State, ctx: any) => {
      if (G.deck === 0) return;
      G.deck--;
      G.hand[playerOf(ctx)]++;
      ctx.events.endTurn();
    },
    play: (G: State, ctx: any) => {
      const p = playerOf(ctx);
      if (G.hand[p] === 0) return;
      G.hand[p]--;
      G.deck++;
      G.score[p] += ctx.random.D6();
      ctx.events.endTurn();
    },
  },
  phases: {
    draw: { start: true, endIf: (G: State) => G.deck === 0, next: 'play' },
    play: {
      endIf: (G: State) => G.hand.every((h) => h === 0),
      onEnd: (G: State) => {
        G.cycles++;
      },
      next: 'draw',
    },
  },
  endIf: (G: State) => (G.cycles >= CYCLES ? { winner: String(G.score.indexOf(Math.max(...G.score))) } : undefined),
});
