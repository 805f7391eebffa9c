// Cards have ids; `play(cardId)` finds the card in the player's hand. The bug: a star card has no
// entry in POINTS, so playing one throws. Only a valid id of a star card shows it.
const POINTS: Record<string, { value: number }> = { sun: { value: 1 }, moon: { value: 2 } };
const deal = (player: number) => ['sun', 'moon', 'sun', player === 1 ? 'star' : 'moon'].map((suit, i) => ({ id: `p${player}c${i}`, suit }));

export default {
  name: 'card-bug',
  setup: () => ({ hands: { '0': deal(0), '1': deal(1) }, score: { '0': 0, '1': 0 }, played: 0 }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    play: ({ G, playerID }: any, cardId: string) => {
      const hand = G.hands[playerID];
      const card = hand.find((c: any) => c.id === cardId);
      G.hands[playerID] = hand.filter((c: any) => c !== card);
      G.score[playerID] += POINTS[card.suit].value;
      G.played++;
    },
  },
  endIf: ({ G }: any) => (G.hands['0'].length === 0 ? { draw: true } : undefined),
};
