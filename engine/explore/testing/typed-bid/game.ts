// A clean typed game without ai.enumerate: a bid of typed points and suit (imported from other
// modules), then the last bidder declares a contract and a number of tricks the move checks.
import { INVALID_MOVE } from 'boardgame.io/core';
import { bid, type BidState } from './bid';
import { CONTRACTS, type Contract } from './rules';

function declare({ G }: { G: BidState }, contract: Contract, tricks: number) {
  if (!CONTRACTS.includes(contract)) throw new Error(`not a contract: ${contract}`);
  if (tricks < 7 || tricks > 13) return INVALID_MOVE;
  G.contract = contract;
  G.tricks = tricks;
}

export default {
  name: 'typed-bid',
  setup: (): BidState => ({ bids: [], contract: null, tricks: null, score: 0 }),
  phases: {
    bidding: {
      start: true,
      moves: { bid },
      turn: { minMoves: 1, maxMoves: 1 },
      endIf: ({ G }: { G: BidState }) => G.bids.length >= 2,
      next: 'declaring',
    },
    declaring: {
      turn: { activePlayers: { currentPlayer: 'contract' }, stages: { contract: { moves: { declare } } } },
    },
  },
  endIf: ({ G }: { G: BidState }) => (G.contract ? { winner: G.bids[G.bids.length - 1].player } : undefined),
};
