// The typed game with a bug only a declared value shows: the trump bonus table forgets Diamonds,
// so a bid in Diamonds throws. Made-up suits never get that far (the move refuses them).
import { bid as checkedBid, type BidState } from './bid';
import type { Points, Suit } from './rules';

const TRUMP_BONUS: Record<string, { bonus: number }> = { H: { bonus: 20 }, S: { bonus: 20 }, C: { bonus: 10 } };

export default {
  name: 'typed-bid-bug',
  setup: (): BidState => ({ bids: [], contract: null, tricks: null, score: 0 }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    bid: (context: { G: BidState; playerID: string }, points: Points, trump: Suit) => {
      checkedBid(context, points, trump);
      context.G.score += points + TRUMP_BONUS[trump].bonus;
    },
  },
  endIf: ({ G }: { G: BidState }) => (G.bids.length >= 6 ? { draw: true } : undefined),
};
