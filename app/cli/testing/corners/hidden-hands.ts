// A card game in the shape real ones have: setup reads the match's setup data, each player's hand
// is secret (PlayerView.STRIP_SECRETS), and a move reads the acting seat.
import { PlayerView } from 'boardgame.io/core';

interface Hands {
  secret: { deck: number[] };
  players: Record<string, { hand: number[] }>;
  table: number[];
  handSize: number;
}

export const HiddenHands = {
  name: 'hidden-hands',
  setup: ({ ctx }: any, setupData?: { handSize?: number }): Hands => {
    const handSize = setupData?.handSize;
    if (typeof handSize !== 'number') throw new Error('hidden-hands needs setupData.handSize');
    const deck = Array.from({ length: 20 }, (_, i) => i);
    const players: Hands['players'] = {};
    for (const p of ctx.playOrder) players[p] = { hand: deck.splice(0, handSize) };
    return { secret: { deck }, players, table: [], handSize };
  },
  moves: {
    play: ({ G, playerID }: any, index: number) => {
      const hand = G.players[playerID].hand;
      if (index >= hand.length) return;
      G.table.push(hand.splice(index, 1)[0]);
    },
    draw: ({ G, playerID }: any) => {
      const card = G.secret.deck.shift();
      if (card !== undefined) G.players[playerID].hand.push(card);
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G }: any) => (G.table.length >= 8 ? { done: true } : undefined),
  playerView: PlayerView.STRIP_SECRETS,
  ai: {
    enumerate: () => [
      { move: 'play', args: [0] },
      { move: 'draw', args: [] },
    ],
  },
};
