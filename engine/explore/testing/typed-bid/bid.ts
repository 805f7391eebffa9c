// The bidding move, in a module of its own. It refuses made-up values by throwing, as many real
// games do, so only the values its types declare are ever accepted.
import { Suit, VALID_POINTS, type Points } from './rules';

export interface BidState {
  bids: { player: string; points: number; trump: Suit }[];
  contract: string | null;
  tricks: number | null;
  score: number;
}

export function bid({ G, playerID }: { G: BidState; playerID: string }, points: Points, trump: Suit) {
  if (!VALID_POINTS.includes(points)) throw new Error(`not a valid bid: ${points}`);
  if (!(Object.values(Suit) as string[]).includes(trump)) throw new Error(`not a suit: ${trump}`);
  G.bids.push({ player: playerID, points, trump });
}
