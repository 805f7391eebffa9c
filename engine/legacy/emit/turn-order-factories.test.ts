import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { migrateConfig } from './migrate-config';
import { migrateSource } from './migrate-source';

const require = createRequire(import.meta.url);
const core043 = require('bgio-0.43/dist/cjs/core.js');
const core050 = require('boardgame.io/dist/cjs/core.js');
const options = { release: '0.43.3', turnOrders: core043.TurnOrder };

describe('TurnOrder.CUSTOM and CUSTOM_FROM results of 0.33-0.49', () => {
  it('become 0.50’s factory call with the same argument, in the config and in the source', () => {
    const source = `import { TurnOrder } from 'boardgame.io/core';
export default {
  setup: () => ({ order: ['1', '0'] }),
  moves: { tick: (G) => G },
  turn: { order: TurnOrder.CUSTOM_FROM('order') },
  phases: { p: { turn: { order: TurnOrder.CUSTOM(['1', '0']) } } },
};
`;
    const config = {
      setup: () => ({ order: ['1', '0'] }),
      moves: { tick: (G: unknown) => G },
      turn: { order: core043.TurnOrder.CUSTOM_FROM('order') },
      phases: { p: { turn: { order: core043.TurnOrder.CUSTOM(['1', '0']) } } },
    };
    const { config: migrated, notes } = migrateConfig(config, options);
    const order = migrated.turn.order;
    expect(String(order.playOrder)).toBe(String(core050.TurnOrder.CUSTOM_FROM('order').playOrder));
    expect(order.playOrder({ G: { order: ['1', '0'] } })).toEqual(['1', '0']);
    expect(migrated.phases.p.turn.order.playOrder()).toEqual(['1', '0']);
    expect(notes.filter((n) => n.feature === 'TurnOrder-preset').map((n) => n.message)).toEqual([
      '`turn.order`: `TurnOrder.CUSTOM_FROM("order")` of the old release is 0.50\'s `TurnOrder.CUSTOM_FROM("order")` (same behaviour, context-object signature).',
      '`phases.p.turn.order`: `TurnOrder.CUSTOM(["1","0"])` of the old release is 0.50\'s `TurnOrder.CUSTOM(["1","0"])` (same behaviour, context-object signature).',
    ]);
    const out = migrateSource(source, config, options);
    expect(out).toContain('turn: { order: TurnOrder.CUSTOM_FROM("order") },');
    expect(out).not.toContain('FLOWSCOPE');
  });

  it('an order object written by hand with the same shape is not mistaken for one', () => {
    const config = {
      moves: { tick: (G: unknown) => G },
      turn: {
        order: {
          playOrder: (G: any) => G.order,
          first: () => 0,
          next: (_G: unknown, ctx: any) => (ctx.playOrderPos + 1) % ctx.playOrder.length,
        },
      },
    };
    expect(migrateConfig(config, options).notes.filter((n) => n.feature === 'TurnOrder-preset')).toEqual([]);
  });
});
