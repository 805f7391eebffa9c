import { describe, expect, it } from 'vitest';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import type { FlowAction, GameConfig } from '../types';
import { firstDivergence, type ComparableStep } from './compare';
import { Session } from './session';

function run(config: GameConfig, actions: FlowAction[]): ComparableStep[] {
  const s = new Session({ runtime: bgio050, config, numPlayers: 2, seed: 'cmp' });
  for (const a of actions) s.dispatch(a);
  return s.steps.map((r) => ({ index: r.index, ok: r.ok, error: r.error, ctx: r.ctx, G: s.stateAt(r.index).G }));
}

const base = (limit: number): GameConfig => ({
  setup: () => ({ n: 0 }),
  moves: { inc: ({ G }: any) => (G.n >= limit ? 'INVALID_MOVE' : void G.n++) },
});
const incs: FlowAction[] = Array.from({ length: 4 }, () => ({ type: 'move', name: 'inc', args: [], playerID: '0' }));

describe('firstDivergence', () => {
  it('is null when the same actions give the same steps', () => {
    expect(firstDivergence(run(base(9), incs), run(base(9), incs))).toBeNull();
  });
  it('names the first step whose outcome differs, and how', () => {
    const d = firstDivergence(run(base(9), incs), run(base(2), incs));
    expect(d?.step).toBe(3);
    expect(d?.differences).toEqual(['ok: true → false (inc returned INVALID_MOVE for args [])', 'ctx.numMoves: 3 → 2', 'G.n: 3 → 2']);
  });
});

describe('Session.walk', () => {
  it('visits exactly the states a seek gives, in order', () => {
    const s = new Session({ runtime: bgio050, config: base(99), numPlayers: 2, seed: 'w', checkpointInterval: 3 });
    for (let i = 0; i < 10; i++) s.dispatch({ type: 'move', name: 'inc', args: [], playerID: '0' });
    const seen: unknown[] = [];
    s.walk((i, state) => seen.push([i, JSON.parse(JSON.stringify(state.G))]));
    expect(seen).toEqual(s.steps.map((r) => [r.index, s.stateAt(r.index).G]));
  });
});
