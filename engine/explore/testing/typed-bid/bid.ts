// The bidding move, in a module of its own. It refuses made-up values by throwing, as many real
// games do, so only the values its types declare are ever accepted; and a bid lower than the last.
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
  // A declared value the game refuses in this state, by throwing: its UI would not offer it then.
  const last = G.bids[G.bids.length - 1];
  if (last && points < last.points) throw new Error(`bid at least ${last.points}`);
  G.bids.push({ player: playerID, points, trump });
}
