import { describe, expect, it } from 'vitest';
import { bgio043 } from '../runtime/bgio-043/bgio043-runtime';
import type { GameConfig } from '../types';
import { Session } from './session';

const stageCauses = (config: GameConfig, action: Parameters<Session['dispatch']>[0]) => {
  const s = new Session({ runtime: bgio043, config, numPlayers: 2, seed: 'stages' });
  return s
    .dispatch(action)
    .trace.transitions.filter((t) => t.type === 'stage')
    .map((t) => [t.player, t.to, t.cause]);
};

describe('stage transitions credit the hook whose event set them (0.43 applies events from turn.onEnd and endIf)', () => {
  it('turn.onEnd’s setActivePlayers, applied after the new turn began', () => {
    const config: GameConfig = {
      moves: { m: (G: unknown) => G },
      turn: { onEnd: (_G: unknown, ctx: any) => void ctx.events.setActivePlayers({ all: 'X' }) },
    };
    expect(stageCauses(config, { type: 'event', name: 'endTurn', args: [], playerID: '0' })).toEqual([
      ['0', 'X', 'turn.onEnd called setActivePlayers({"all":"X"})'],
      ['1', 'X', 'turn.onEnd called setActivePlayers({"all":"X"})'],
    ]);
  });

  it('a move’s setActivePlayers before its endTurn is cleared by the turn’s end: the new turn is the cause', () => {
    const config: GameConfig = {
      moves: { m: (_G: unknown, ctx: any) => void (ctx.events.setActivePlayers({ all: 'X' }), ctx.events.endTurn()) },
      turn: { activePlayers: { currentPlayer: 'Y' } },
    };
    const causes = stageCauses(config, { type: 'move', name: 'm', args: [], playerID: '0' });
    expect(causes.length).toBeGreaterThan(0);
    for (const [, , cause] of causes) expect(cause).not.toMatch(/moves\.m called/);
  });
});
