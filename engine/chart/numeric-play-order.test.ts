import { describe, expect, it } from 'vitest';
import { RandomPlayer } from '../random/random-player';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import { Session } from '../session/session';
import type { GameConfig } from '../types';
import { chartOf } from './build';
import { ChartActor } from './chart-actor';
import { projectCtx } from './projection';

// Games that give boardgame.io players as numbers: it accepts them and turns them into strings.
const configs: Record<string, GameConfig> = {
  'turn.order.playOrder of numbers': {
    moves: { play: () => undefined, pass: ({ events }: any) => events.endTurn() },
    turn: {
      maxMoves: 2,
      order: {
        playOrder: ({ ctx }: any) => Array.from({ length: ctx.numPlayers }, (_, i) => i),
        first: () => 0,
        next: ({ ctx }: any) => (ctx.playOrderPos + 1) % ctx.playOrder.length,
      },
    },
  },
  'a phase reversing a numeric order': {
    moves: { play: () => undefined, next: ({ events }: any) => events.endPhase() },
    phases: {
      up: {
        start: true,
        next: 'down',
        turn: { maxMoves: 1, order: { playOrder: () => [0, 1, 2], first: () => 0, next: ({ ctx }: any) => (ctx.playOrderPos + 1) % 3 } },
      },
      down: {
        next: 'up',
        turn: { maxMoves: 1, order: { playOrder: () => [2, 1, 0], first: () => 0, next: ({ ctx }: any) => (ctx.playOrderPos + 1) % 3 } },
      },
    },
  },
  'numeric active players and endTurn next': {
    moves: {
      everyone: ({ events }: any) => events.setActivePlayers([0, 2]),
      handOver: ({ events, ctx }: any) => events.endTurn({ next: (Number(ctx.currentPlayer) + 2) % ctx.numPlayers }),
      play: () => undefined,
    },
    turn: { order: { playOrder: () => [0, 1, 2], first: () => 0, next: ({ ctx }: any) => (ctx.playOrderPos + 1) % 3 } },
  },
};

describe('a numeric playOrder', () => {
  for (const [name, config] of Object.entries(configs)) {
    it(`adds no phantom players, and the chart equals the projection of ctx (${name})`, () => {
      const session = new Session({ runtime: bgio050, config, numPlayers: 3, seed: name });
      const model = chartOf(config, 3, bgio050);
      const actor = new ChartActor(model);
      const player = new RandomPlayer({ seed: name });
      let checked = 0;
      for (let i = 0; i < 150; i++) {
        const ctx = session.steps[session.lastIndex].ctx;
        actor.sync(ctx);
        expect(actor.value).toEqual(projectCtx(ctx, model.players));
        expect(model.players).toEqual(['0', '1', '2']);
        if (ctx.gameover === undefined && !ctx.activePlayers) {
          const value = actor.value as Record<string, { turn: Record<string, string> }>;
          expect(value[ctx.phase ?? Object.keys(value)[0]].turn[String(ctx.currentPlayer)], JSON.stringify(ctx)).toBe('active');
        }
        checked++;
        const action = player.choose(session);
        if (!action) break;
        session.dispatch(action);
      }
      expect(checked).toBeGreaterThan(20);
      actor.stop();
    });
  }
});
