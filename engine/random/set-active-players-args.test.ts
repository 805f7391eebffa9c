import { describe, expect, it } from 'vitest';
import { bgio043 } from '../runtime/bgio-043/bgio043-runtime';
import { bgio049 } from '../runtime/bgio-049/bgio049-runtime';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import type { BgioRuntime } from '../runtime/bgio-runtime';
import { Session } from '../session/session';
import { RandomPlayer } from './random-player';

/** The setActivePlayers the random player sends on `runtime` (the only event it may choose here, no move). */
function setActivePlayersArgs(runtime: BgioRuntime): unknown {
  const session = new Session({ runtime, config: { moves: {} }, numPlayers: 2, seed: 'sap' });
  const action = new RandomPlayer({ seed: 'sap', events: ['setActivePlayers'] }).choose(session);
  return action?.type === 'event' ? [action.name, action.args] : action;
}

describe('the random player’s setActivePlayers', () => {
  it('limits each player to one move in the release’s own terms: moveLimit before 0.48, minMoves/maxMoves after', () => {
    expect(setActivePlayersArgs(bgio043)).toEqual(['setActivePlayers', [{ all: null, moveLimit: 1 }]]);
    expect(setActivePlayersArgs(bgio049)).toEqual(['setActivePlayers', [{ all: null, minMoves: 1, maxMoves: 1 }]]);
    expect(setActivePlayersArgs(bgio050)).toEqual(['setActivePlayers', [{ all: null, minMoves: 1, maxMoves: 1 }]]);
  });
});
