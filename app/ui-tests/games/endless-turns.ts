// A test game for the UI: `enterLoop` moves to a phase whose turn.onBegin ends every turn at once,
// so boardgame.io stops the endless chain of turn endings and refuses the move (a multi-line error
// and a couple of hundred identical warnings); `win` ends the game, for resets after game over;
// `dawdle` keeps the game code busy for a while (a slow or hanging move); it reads the real clock, so open it with gameRandomness "real" (the seeded clock advances 1 ms a read).
import type { Game } from 'boardgame.io';

export const EndlessTurns: Game = {
  name: 'endless-turns',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ moves: 0 }),
  moves: {
    enterLoop: ({ events }) => events.setPhase('loop'),
    win: ({ events }) => events.endGame({ winner: '0' }),
    pass: ({ G }) => ({ moves: G.moves + 1 }),
    dawdle: ({ G }, ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        // busy on purpose
      }
      return G;
    },
  },
  phases: {
    calm: { start: true },
    loop: { turn: { onBegin: ({ events }) => events.endTurn() } },
  },
};
