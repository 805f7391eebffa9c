import { describe, expect, it } from 'vitest';
import type { FlowCtx } from '../types';
import { firstDivergence } from './compare';

const ctx = (playOrder: string[]): FlowCtx =>
  ({ numPlayers: 3, turn: 1, currentPlayer: '0', playOrder, playOrderPos: 0, phase: null, activePlayers: null }) as unknown as FlowCtx;
const step = (playOrder: string[]) => ({ index: 0, ok: true, error: null, ctx: ctx(playOrder), G: {} });

describe('a divergence in an array that was reordered', () => {
  it('names the value that moved and where from, not an index becoming a value', () => {
    const d = firstDivergence([step(['0', '1', '2'])], [step(['2', '0', '1'])]);
    expect(d?.differences.join('; ')).toMatch(/ctx\.playOrder\[0\]: "2" \(moved from \[2\]\)/);
    expect(d?.differences.join('; ')).not.toMatch(/: 2 → "2"/);
  });
});
