import { describe, expect, it } from 'vitest';
import { movesRange } from './geometry';

describe('a turn move limit, as the chart writes it', () => {
  it('reads as words, with the plural only where it belongs', () => {
    expect(movesRange({ maxMoves: 1 } as never)).toBe('at most 1 move');
    expect(movesRange({ minMoves: 2 } as never)).toBe('at least 2 moves');
    expect(movesRange({ minMoves: 1, maxMoves: 1 } as never)).toBe('1 move');
    expect(movesRange({ minMoves: 1, maxMoves: 3 } as never)).toBe('1–3 moves');
    expect(movesRange({} as never)).toBeNull();
  });
});
