import { describe, expect, it } from 'vitest';
import { lintConfig } from '../lint/lint';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import { loadRuntime, RUNTIMES } from '../runtime/registry';
import { Session } from '../session/session';
import type { GameConfig } from '../types';
import { lintByRunning } from './lint-by-running';

const noop = () => undefined;

describe('lint by running the game', () => {
  it('confirms on boardgame.io what order-without-next predicts', () => {
    const config: GameConfig = { moves: { m: noop }, turn: { order: { first: () => 0 } as any } };
    expect(lintConfig(config).map((f) => f.code)).toEqual(['order-without-next']);
    // What the finding predicts, on boardgame.io itself.
    const session = new Session({ runtime: bgio050, config, numPlayers: 2, seed: 'o' });
    const step = session.dispatch({ type: 'event', name: 'endTurn', args: [], playerID: '0' });
    expect(JSON.stringify(step.error ?? step.trace.entries)).toMatch(/next is not a function/);
  });

  it('a phase whose endIf is already true when it begins (by running, at setup and later)', async () => {
    for (const runtime of await Promise.all(RUNTIMES.filter((r) => r.era !== 'flow').map((r) => loadRuntime(r)))) {
      const context = runtime.era === 'context';
      const config: GameConfig = {
        setup: () => ({ ready: true }),
        moves: { m: noop },
        phases: {
          a: { start: true, endIf: context ? ({ G }: any) => G.ready : (G: any) => G.ready, next: 'b' },
          b: { moves: { go: noop }, next: 'c', turn: { maxMoves: 1, moveLimit: 1 } as any, endIf: () => false },
          c: { moves: { m: noop } },
        },
      };
      const found = lintByRunning(config, runtime, { numPlayers: 2, steps: 30, seed: 'x' });
      expect(
        found.map((f) => f.path),
        `${runtime.version}: ${found.map((f) => f.message).join(' / ')}`,
      ).toEqual(['phases.a.endIf']);
      expect(found[0].message).toMatch(
        /`phases\.a\.endIf` was already true when the game began \(2 players\), so phase `a` ended before any move/,
      );
    }
  });

  it('reports hooks whose events end turns or phases without end, naming the function boardgame.io stopped in', () => {
    const config: GameConfig = {
      moves: { m: noop },
      phases: {
        A: { start: true, onBegin: ({ events }: any) => void events.endPhase(), next: 'B' },
        B: { onBegin: ({ events }: any) => void events.endPhase(), next: 'A' },
      },
    };
    const found = lintByRunning(config, bgio050, { numPlayers: 2, steps: 5 }).filter((f) => f.code === 'endless-event-loop');
    expect(found.map((f) => [f.severity, f.path, f.message])).toEqual([
      [
        'error',
        'phases.B.onBegin',
        '`phases.B.onBegin` calls endPhase() every time it runs (with `phases.A.onBegin`), so when the game began turns or phases ended one after another without end: boardgame.io gave up ("Maximum number of turn endings exceeded") and undid every event of that action. Call it only when the turn or phase is really over.',
      ],
    ]);
    const calm = lintByRunning(
      { moves: { m: noop }, turn: { onBegin: ({ ctx, events }: any) => void (ctx.turn < 3 && events.endTurn()) } },
      bgio050,
      {
        numPlayers: 2,
        steps: 5,
      },
    );
    expect(calm.filter((f) => f.code === 'endless-event-loop')).toEqual([]);
  });

  it('reports a player who is no seat of the match, found later in the seeded run, once', () => {
    const config: GameConfig = {
      setup: () => ({ priest: -1 }),
      moves: { play: ({ events }: any) => events.endTurn() },
      turn: {
        onBegin: ({ G, ctx, events }: any) => void (ctx.turn > 2 && events.setActivePlayers({ value: { [String(G.priest)]: 'vote' } })),
        stages: { vote: { moves: { vote: noop } } },
      },
    };
    const found = lintByRunning(config, bgio050, { numPlayers: 2, steps: 60 }).filter((f) => f.code === 'unknown-player');
    expect(found.map((f) => [f.severity, f.message])).toEqual([
      [
        'error',
        'At step 2 of a seeded random play, activePlayers names player "-1", who is no player of this 2-player match (players 0 to 1): no client can act for it.',
      ],
    ]);
  });

  it("reports a TurnOrder.ONCE phase whose last turn ends twice, running turn.onEnd twice, at the hook's path", () => {
    const { TurnOrder } = bgio050.modules['boardgame.io/core'] as { TurnOrder: { ONCE: unknown } };
    const config: GameConfig = {
      setup: () => ({ drafted: 0 }),
      moves: { m: noop },
      phases: {
        draft: {
          start: true,
          next: 'play',
          turn: { order: TurnOrder.ONCE, maxMoves: 1, onEnd: ({ G }: any) => void G.drafted++ },
        },
        play: {},
      },
    };
    const found = lintByRunning(config, bgio050, { numPlayers: 2, steps: 60 }).filter((f) => f.code === 'turn-ended-twice');
    expect(found.map((f) => [f.severity, f.path])).toEqual([['warning', 'phases.draft.turn.onEnd']]);
    expect(found[0].message).toMatch(
      /^At step \d+ of a seeded random play, turn 2 ended twice in this step, so phases\.draft\.turn\.onEnd ran twice for it: first because turn\.maxMoves \(1\) reached, then because phase draft is ending: /,
    );
  });

  it('reports a phase entered later whose endIf is already true, and the loop guard it leads to', () => {
    const config: GameConfig = {
      setup: () => ({ go: false }),
      moves: { go: ({ G }: any) => void (G.go = true) },
      phases: { a: { start: true, endIf: ({ G }: any) => G.go, next: 'b' }, b: { endIf: ({ G }: any) => G.go, next: 'a' } },
    };
    const found = lintByRunning(config, bgio050, { numPlayers: 2, steps: 10, seed: 'y' });
    expect(found.map((f) => f.path)).toEqual(['phases.b.endIf']);
    expect(found[0].message).toMatch(
      /already true when it began at step \d+ of a seeded random play .* and boardgame\.io's loop guard then left the game in no phase/,
    );
    expect(lintConfig(config).some((f) => f.code === 'end-if-on-entry')).toBe(false);
  });

  it('does not report a phase whose own hooks make its endIf true within the step it began', () => {
    const config: GameConfig = {
      setup: () => ({ deck: 6, hands: [0, 0] }),
      moves: { m: noop },
      phases: {
        deal: {
          start: true,
          next: 'play',
          endIf: ({ G }: any) => G.deck === 0,
          turn: {
            onBegin: ({ G, ctx, events }: any) => {
              G.deck--;
              G.hands[Number(ctx.currentPlayer)]++;
              events.endTurn();
            },
          },
        },
        play: { moves: { m: noop } },
      },
    };
    const session = new Session({ runtime: bgio050, config, numPlayers: 2, seed: 'd' });
    expect(session.steps[0].ctx.phase).toBe('play');
    expect(lintByRunning(config, bgio050, { numPlayers: 2, steps: 5 })).toEqual([]);
  });
});
