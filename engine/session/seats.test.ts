import { describe, expect, it } from 'vitest';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import type { GameConfig } from '../types';
import { Session } from './session';

const session = (config: GameConfig) => new Session({ runtime: bgio050, config, numPlayers: 3, seed: 'seats' });
const unknown = (s: Session) => s.steps.map((r) => r.diagnostics.filter((d) => d.code === 'unknown-player').map((d) => d.message));

describe('unknown-player: a current or active player who is no seat of the match', () => {
  it('a turn order position outside playOrder: said at the step it appears, once', () => {
    const s = session({
      moves: { m: () => {} },
      turn: { order: { first: () => 0, next: ({ ctx }: any) => (ctx.playOrderPos === 0 ? 7 : 0) } },
    });
    s.dispatch({ type: 'event', name: 'endTurn', args: [], playerID: '0' });
    expect(s.step(1).ctx.currentPlayer).not.toMatch(/^[012]$/);
    expect(unknown(s)).toEqual([
      [],
      [
        `currentPlayer is ${JSON.stringify(s.step(1).ctx.currentPlayer)}, which is no player of this 3-player match (players 0 to 2): the turn order returned a position outside playOrder (["0","1","2"]), or playOrder names such a player`,
      ],
    ]);
  });

  it('an active player named by an ID no client has, at game start; seats in activePlayers are fine', () => {
    const s = session({ moves: {}, turn: { activePlayers: { value: { 1: 'a', 3: 'a' } }, stages: { a: { moves: { go: () => {} } } } } });
    expect(unknown(s)).toEqual([
      ['activePlayers names player "3", who is no player of this 3-player match (players 0 to 2): no client can act for it'],
    ]);
  });
});
