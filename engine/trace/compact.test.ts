import { describe, expect, it } from 'vitest';
import { TraceCompactor } from './compact';
import type { StepTrace } from './types';

const step = (turn: number): StepTrace => ({
  entries: [
    { fn: 'moves.draw', kind: 'move', playerID: '0', events: [] },
    { fn: 'endIf', kind: 'trigger', events: [] },
    { fn: 'turn.order.next', kind: 'order', returned: turn % 2, events: [] },
    { fn: 'turn.onBegin', kind: 'hook', returned: { G: turn }, events: [] },
  ],
  transitions: [{ type: 'turn-begin', at: 3, phase: 'play', turn, automatic: true, cause: `turn.order.next returned ${turn % 2}` }],
  logs: [],
});

describe('TraceCompactor', () => {
  it('keeps every trace equal, value for value, to what was recorded', () => {
    const compactor = new TraceCompactor();
    for (let turn = 0; turn < 6; turn++) expect(compactor.trace(step(turn))).toEqual(step(turn));
  });

  it('shares entries that repeat across steps, and freezes what it shares', () => {
    const compactor = new TraceCompactor();
    const a = compactor.trace(step(1));
    const b = compactor.trace(step(3));
    expect(b.entries[0]).toBe(a.entries[0]);
    expect(b.entries[2]).toBe(a.entries[2]);
    expect(Object.isFrozen(a.entries[0])).toBe(true);
    expect(b.logs).toBe(a.logs);
  });

  it('keeps entries apart that differ in any field, and never shares entries holding objects or events', () => {
    const compactor = new TraceCompactor();
    const a = compactor.trace(step(1));
    const b = compactor.trace(step(2));
    expect(b.entries[2]).not.toBe(a.entries[2]); // returned 0 vs 1
    expect(b.entries[3]).not.toBe(a.entries[3]);
    const withEvent: StepTrace = {
      entries: [{ fn: 'moves.draw', kind: 'move', playerID: '0', events: [{ name: 'endTurn', args: [], outcome: 'applied' }] }],
      transitions: [],
      logs: [],
    };
    const c = compactor.trace(withEvent);
    expect(c.entries[0]).not.toBe(a.entries[0]);
    expect(c.entries[0].events).toHaveLength(1);
  });

  it('tells 0 from -0 and a missing field from an undefined one', () => {
    const compactor = new TraceCompactor();
    const zero = compactor.trace({ entries: [{ fn: 'f', kind: 'hook', returned: 0, events: [] }], transitions: [], logs: [] });
    const minus = compactor.trace({ entries: [{ fn: 'f', kind: 'hook', returned: -0, events: [] }], transitions: [], logs: [] });
    expect(Object.is(minus.entries[0].returned, -0)).toBe(true);
    expect(Object.is(zero.entries[0].returned, 0)).toBe(true);
    const absent = compactor.trace({ entries: [{ fn: 'g', kind: 'hook', events: [] }], transitions: [], logs: [] });
    const undef = compactor.trace({ entries: [{ fn: 'g', kind: 'hook', returned: undefined, events: [] }], transitions: [], logs: [] });
    expect('returned' in absent.entries[0]).toBe(false);
    expect('returned' in undef.entries[0]).toBe(true);
  });

  it('shares a ctx array only when it is equal to the previous step’s', () => {
    const compactor = new TraceCompactor();
    const ctx = (order: string[]) => ({
      phase: 'p',
      turn: 1,
      currentPlayer: '0',
      playOrder: order,
      playOrderPos: 0,
      activePlayers: null,
      numMoves: 0,
      gameover: undefined,
    });
    const first = ctx(['0', '1']);
    expect(compactor.ctx(ctx(['0', '1']), first).playOrder).toBe(first.playOrder);
    expect(compactor.ctx(ctx(['1', '0']), first).playOrder).toEqual(['1', '0']);
  });
});
