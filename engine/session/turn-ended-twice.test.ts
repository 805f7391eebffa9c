import { describe, expect, it } from 'vitest';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import { bgio049 } from '../runtime/bgio-049/bgio049-runtime';
import { bgio032 } from '../runtime/bgio-032/bgio032-runtime';
import type { BgioRuntime } from '../runtime/bgio-runtime';
import type { GameConfig } from '../types';
import { Session } from './session';

const twice = (s: Session) => s.steps.map((r) => r.diagnostics.filter((d) => d.code === 'turn-ended-twice').map((d) => d.message));
const move = (playerID: string) => ({ type: 'move' as const, name: 'm', args: [], playerID });

/** Phase A gives each player one turn (its order's `next` returns undefined after the last), then B. */
function roundThenB(onEnd: unknown, signature: 'context' | 'g-ctx'): GameConfig {
  const next =
    signature === 'context'
      ? ({ ctx }: any) => (ctx.playOrderPos + 1 < ctx.numPlayers ? ctx.playOrderPos + 1 : undefined)
      : (_G: unknown, ctx: any) => (ctx.playOrderPos + 1 < ctx.numPlayers ? ctx.playOrderPos + 1 : undefined);
  const turn: Record<string, unknown> = { order: { first: () => 0, next }, maxMoves: 1 };
  if (onEnd) turn.onEnd = onEnd;
  return { setup: () => ({ ends: 0 }), moves: { m: () => {} }, phases: { A: { start: true, next: 'B', turn }, B: {} } };
}

const run = (runtime: BgioRuntime, config: GameConfig) => {
  const s = new Session({ runtime, config, numPlayers: 2, seed: 'twice' });
  s.dispatch(move('0'));
  s.dispatch(move('1'));
  return s;
};

describe('turn-ended-twice: ending the phase ends the last turn again, and turn.onEnd runs twice', () => {
  it('0.50: named at the step where the turn order ran out, with both causes; G shows the hook ran twice', () => {
    const s = run(
      bgio050,
      roundThenB(({ G }: any) => {
        G.ends++;
      }, 'context'),
    );
    expect(s.currentState.G).toEqual({ ends: 3 });
    expect(twice(s)).toEqual([
      [],
      [],
      [
        'turn 2 ended twice in this step, so phases.A.turn.onEnd ran twice for it: first because turn.maxMoves (1) reached, ' +
          'then because phase A is ending: phases.A.turn.order.next returned undefined (every player has played). ' +
          'boardgame.io ends the current turn again when it ends the phase, and whatever the hook does to G happens twice for one turn ' +
          '(guard it: remember in G the last turn it handled)',
      ],
    ]);
  });

  it('0.49 with the (G, ctx) signature, too', () => {
    const s = run(
      bgio049,
      roundThenB((G: any) => ({ ...G, ends: G.ends + 1 }), 'g-ctx'),
    );
    expect(s.currentState.G).toEqual({ ends: 3 });
    expect(twice(s)[2]).toHaveLength(1);
    expect(twice(s)[2][0]).toMatch(/^turn 2 ended twice in this step, so phases\.A\.turn\.onEnd ran twice/);
  });

  it('says nothing when the game has no turn.onEnd (the double end changes nothing), or on turns that end once', () => {
    expect(twice(run(bgio050, roundThenB(undefined, 'context'))).flat()).toEqual([]);
    const s = new Session({
      runtime: bgio050,
      config: { moves: { m: () => {} }, turn: { maxMoves: 1, onEnd: ({ G }: any) => G } },
      numPlayers: 2,
      seed: 'twice',
    });
    for (let i = 0; i < 4; i++) s.dispatch(move(String(i % 2)));
    expect(twice(s).flat()).toEqual([]);
  });

  it('0.32 (the flow API) ends the turn once when the turn order runs out: nothing to say', () => {
    const s = run(bgio032, {
      setup: () => ({ ends: 0 }),
      moves: { m: (G: any) => ({ ...G }) },
      flow: {
        startingPhase: 'A',
        movesPerTurn: 1,
        phases: {
          A: {
            next: 'B',
            turnOrder: {
              first: () => 0,
              next: (_G: unknown, ctx: any) => (ctx.playOrderPos + 1 < ctx.numPlayers ? ctx.playOrderPos + 1 : undefined),
            },
            onTurnEnd: (G: any) => ({ ...G, ends: G.ends + 1 }),
          },
          B: {},
        },
      },
    });
    expect(s.currentState.G).toEqual({ ends: 2 });
    expect(twice(s).flat()).toEqual([]);
  });
});
