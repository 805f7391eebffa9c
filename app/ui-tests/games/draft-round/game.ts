// A test game for the UI: phase `draft` gives each player one turn (TurnOrder.ONCE, one move a
// turn), so its last turn's end also ends the phase and boardgame.io runs `turn.onEnd` twice for
// that turn (the `turn-ended-twice` diagnostic); `score` throws in a helper file for a player with
// no hand (the thrown error is located in scoring.ts).
import type { Game } from 'boardgame.io';
import { TurnOrder } from 'boardgame.io/core';
import { handValue } from './scoring';

interface DraftState {
  hands: Record<string, number[]>;
  drafted: number;
  scores: Record<string, number>;
}

export const DraftRound: Game<DraftState> = {
  name: 'draft-round',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ hands: { '0': [3, 4] }, drafted: 0, scores: {} }),
  moves: {
    take: () => {},
    score: ({ G, playerID }) => {
      G.scores[playerID] = handValue(G.hands[playerID]);
    },
  },
  phases: {
    draft: {
      start: true,
      next: 'play',
      moves: { take: () => {} },
      turn: {
        order: TurnOrder.ONCE,
        maxMoves: 1,
        onEnd: ({ G }) => {
          G.drafted++;
        },
      },
    },
    play: {},
  },
};
