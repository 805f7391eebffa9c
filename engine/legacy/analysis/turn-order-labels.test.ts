import { describe, expect, it } from 'vitest';
import { chartOf } from '../../chart/build';
import { loadRuntime } from '../../runtime/registry';

describe("a ≤0.32 game's chart names its turn orders as its code writes them", () => {
  it('presets by name, a phase without one inheriting the flow’s, a custom order by its legacy path', async () => {
    const runtime = await loadRuntime('0.32.1');
    const { Game, TurnOrder } = runtime.modules['boardgame.io/core'] as Record<string, any>;
    const game = Game({
      setup: () => ({}),
      moves: { m: (G: unknown) => G },
      flow: {
        turnOrder: TurnOrder.OTHERS,
        startingPhase: 'a',
        phases: {
          a: { turnOrder: TurnOrder.ANY_ONCE, next: 'b' },
          b: { next: 'c' },
          c: { turnOrder: { first: () => 0, next: () => 0 } },
        },
      },
    });
    const labels = Object.fromEntries(chartOf(game, 3, runtime).phases.map((p) => [p.name, p.turn.order.label]));
    expect(labels).toEqual({
      a: 'TurnOrder.ANY_ONCE',
      b: 'TurnOrder.OTHERS',
      c: 'custom (flow.phases.c.turnOrder)',
      default: 'TurnOrder.OTHERS',
    });
  });

  it('on 0.26, phases in an array, and TurnOrder.DEFAULT when the flow sets none', async () => {
    const runtime = await loadRuntime('0.26.3');
    const { Game, TurnOrder } = runtime.modules['boardgame.io/core'] as Record<string, any>;
    const game = Game({
      setup: () => ({}),
      moves: { m: (G: unknown) => G },
      flow: {
        phases: [
          { name: 'first' },
          { name: 'second', turnOrder: TurnOrder.ANY },
          { name: 'third', turnOrder: { first: () => 0, next: () => 1 } },
        ],
      },
    });
    const labels = Object.fromEntries(chartOf(game, 2, runtime).phases.map((p) => [p.name, p.turn.order.label]));
    expect(labels).toMatchObject({ first: 'TurnOrder.DEFAULT', second: 'TurnOrder.ANY', third: 'custom (flow.phases[2].turnOrder)' });
  });
});
