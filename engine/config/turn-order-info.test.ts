import { describe, expect, it } from 'vitest';
import { loadRuntime, RUNTIMES } from '../runtime/registry';
import { describeTurnOrder } from './turn-order-info';

const phasesEra = RUNTIMES.filter((r) => r.era !== 'flow');

describe('describeTurnOrder names each release’s own turn orders', () => {
  it.each(phasesEra.map((r) => r.version))('on %s', async (version) => {
    const runtime = await loadRuntime(version);
    const TurnOrder = (runtime.modules['boardgame.io/core'] as { TurnOrder: Record<string, any> }).TurnOrder;
    for (const name of ['DEFAULT', 'RESET', 'CONTINUE', 'ONCE']) {
      expect(describeTurnOrder(TurnOrder[name], TurnOrder, 'turn.order').label).toBe(`TurnOrder.${name}`);
      // A copy of a preset (spread into a config) is still that preset.
      expect(describeTurnOrder({ ...TurnOrder[name] }, TurnOrder, 'turn.order').kind).toBe(name);
    }
    // CUSTOM's first and next are RESET's: its playOrder must tell them apart.
    expect(describeTurnOrder(TurnOrder.CUSTOM(['1', '0']), TurnOrder, 'turn.order')).toEqual({
      kind: 'CUSTOM',
      label: 'TurnOrder.CUSTOM(["1","0"])',
      playOrder: ['1', '0'],
    });
    expect(describeTurnOrder(TurnOrder.CUSTOM_FROM('seating'), TurnOrder, 'turn.order')).toEqual({
      kind: 'CUSTOM_FROM',
      label: 'TurnOrder.CUSTOM_FROM("seating")',
      field: 'seating',
    });
    const own = { ...TurnOrder.RESET, playOrder: () => ['2', '1', '0'] };
    expect(describeTurnOrder(own, TurnOrder, 'phases.a.turn.order')).toEqual({ kind: 'custom', label: 'custom (phases.a.turn.order)' });
  });
});
