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

  it('keeps entries apart that differ in any field, and never shares entries holding objects', () => {
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

  it('shares entries whose events repeat value for value, and keeps apart those whose events differ or hold objects', () => {
    const compactor = new TraceCompactor();
    const moved = (args: unknown[], outcome: 'applied' | 'dropped' = 'applied', reason?: string): StepTrace => ({
      entries: [
        {
          fn: 'moves.draw',
          kind: 'move',
          playerID: '0',
          events: [reason === undefined ? { name: 'endTurn', args, outcome } : { name: 'endTurn', args, outcome, reason }],
        },
      ],
      transitions: [],
      logs: [],
    });
    const a = compactor.trace(moved([]));
    const b = compactor.trace(moved([]));
    expect(b.entries[0]).toBe(a.entries[0]);
    expect(b.entries).toBe(a.entries);
    expect(Object.isFrozen(a.entries[0].events[0])).toBe(true);
    expect(Object.isFrozen(a.entries[0].events[0].args)).toBe(true);
    expect(b).toEqual(moved([]));
    const dropped = compactor.trace(moved([], 'dropped', 'the turn was over'));
    expect(dropped.entries[0]).not.toBe(a.entries[0]);
    expect(dropped).toEqual(moved([], 'dropped', 'the turn was over'));
    expect(compactor.trace(moved([{ next: '1' }])).entries[0]).not.toBe(compactor.trace(moved([{ next: '1' }])).entries[0]);
    expect(compactor.trace(moved(['1'])).entries[0]).not.toBe(a.entries[0]);
  });

  it('shares identical actions and errors, frozen, and keeps an action with an object argument as it is', () => {
    const compactor = new TraceCompactor();
    const draw = () => ({ type: 'move' as const, name: 'draw', args: [1, 'a'], playerID: '0' });
    const first = compactor.action(draw());
    expect(compactor.action(draw())).toBe(first);
    expect(first).toEqual(draw());
    expect(Object.isFrozen(first)).toBe(true);
    expect(compactor.action({ ...draw(), playerID: '1' })).not.toBe(first);
    expect(compactor.action({ type: 'move', name: 'draw', args: [1], playerID: '0' })).not.toBe(first);
    const withObject = { type: 'move' as const, name: 'play', args: [{ card: 3 }], playerID: '0' };
    expect(compactor.action(withObject)).toBe(withObject);
    const refused = () => ({ type: 'action/inactive_player', message: 'player 0 may not move now' });
    expect(compactor.error(refused())).toBe(compactor.error(refused()));
    expect(compactor.error(refused())).toEqual(refused());
  });

  it('shares the whole trace of a step that ran only shared entries, with no transition and nothing printed', () => {
    const compactor = new TraceCompactor();
    const quiet = (): StepTrace => ({ entries: [{ fn: 'endIf', kind: 'trigger', events: [] }], transitions: [], logs: [] });
    const a = compactor.trace(quiet());
    expect(compactor.trace(quiet())).toBe(a);
    expect(a).toEqual(quiet());
    const turned = compactor.trace({
      ...quiet(),
      transitions: [{ type: 'turn-end', at: 1, phase: null, turn: 1, automatic: true, cause: 'c' }],
    });
    expect(turned).not.toBe(a);
    expect(turned.entries).toBe(a.entries);
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
