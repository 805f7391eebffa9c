import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bgio050 } from '../../engine';
import { openGame } from '../game/open-session';
import { tempDirWith } from '../testing/temp-dir';
import { viewDisagreement } from './player-views';
import { verifyMigration } from './verify-migration';

/** A 0.32 game whose playerView shows each player only their own hand, and a spectator none. */
const SECRET_HANDS = (view: string) => `import { Game } from 'boardgame.io/core';
export default Game({
  name: 'secret-hands',
  setup: () => ({ hands: { '0': [1, 2], '1': [3, 4] }, table: [] }),
  moves: {
    play: (G, ctx) => {
      const hand = G.hands[ctx.currentPlayer];
      if (hand.length === 0) return G;
      return { ...G, hands: { ...G.hands, [ctx.currentPlayer]: hand.slice(1) }, table: [...G.table, hand[0]] };
    },
  },
  playerView: ${view},
  flow: { movesPerTurn: 1 },
});
`;
const OWN_HAND = '(G, ctx, playerID) => ({ ...G, hands: playerID === null ? {} : { [playerID]: G.hands[playerID] } })';

/** The same game written for 0.50, with `view` as its playerView. */
const MIGRATED = (view: string) => `export default {
  name: 'secret-hands',
  setup: () => ({ hands: { '0': [1, 2], '1': [3, 4] }, table: [] }),
  moves: {
    play: ({ G, ctx }) => {
      const hand = G.hands[ctx.currentPlayer];
      if (hand.length === 0) return G;
      return { ...G, hands: { ...G.hands, [ctx.currentPlayer]: hand.slice(1) }, table: [...G.table, hand[0]] };
    },
  },
  playerView: ${view},
  turn: { minMoves: 1, maxMoves: 1 },
};
`;

async function verify(migratedView: string) {
  const dir = tempDirWith({
    'package.json': JSON.stringify({ dependencies: { 'boardgame.io': '^0.32.0' } }),
    'game.js': SECRET_HANDS(OWN_HAND),
  });
  const file = path.join(dir, 'game.js');
  const opened = await openGame(file);
  return verifyMigration(opened, new Map([[file, MIGRATED(migratedView)]]), [], { steps: 20, seed: 'views' });
}

describe('the migration check compares what each player and a spectator see', () => {
  it('a playerView migrated faithfully agrees for every seat and a spectator', async () => {
    const checked = await verify('({ G, playerID }) => ({ ...G, hands: playerID === null ? {} : { [playerID]: G.hands[playerID] } })');
    expect(checked.problems).toEqual([]);
    expect(checked.viewers).toBe(3);
    expect(checked.agreedSteps).toBe(20);
  });

  it('one that shows a spectator every hand is a failure naming the viewer and the first difference, though G and ctx agree', async () => {
    const checked = await verify('({ G, playerID }) => ({ ...G, hands: playerID === null ? G.hands : { [playerID]: G.hands[playerID] } })');
    expect(checked.problems).toEqual([
      {
        kind: 'failure',
        message:
          'step 0 (setup): what a spectator sees (playerView) differs: view.hands["0"] is undefined in the original and [1,2] in the migration',
      },
    ]);
  });

  it('one that throws for a seat is a failure; a view that throws on both sides is no difference', async () => {
    const checked = await verify(
      "({ G, playerID }) => { if (playerID === '1') throw new Error('no view'); return { ...G, hands: playerID === null ? {} : { [playerID]: G.hands[playerID] } }; }",
    );
    expect(checked.problems.map((p) => p.message)).toEqual(['step 0 (setup): playerView threw for player 1: no view']);
    const throwing = {
      config: {
        playerView: () => {
          throw new Error('x');
        },
      },
      era: bgio050.era,
      state: { G: {}, ctx: {} },
    };
    expect(viewDisagreement(throwing, throwing, 2)).toBeNull();
  });
});
