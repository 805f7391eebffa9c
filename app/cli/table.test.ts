import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../engine';
import { formatTable } from './table';

const record = (index: number, turn: number): StepRecord =>
  ({
    index,
    action: { type: 'move', name: 'clickCell', args: [4], playerID: '0' },
    ok: true,
    error: null,
    ctx: {
      phase: null,
      turn,
      currentPlayer: '0',
      playOrder: ['0', '1'],
      playOrderPos: 0,
      activePlayers: null,
      numMoves: 0,
      gameover: undefined,
    },
    trace: { entries: [], transitions: [], logs: [] },
  }) as unknown as StepRecord;

describe('the replay table', () => {
  it('never cuts a step or turn number', () => {
    const row = formatTable([record(100000, 123456)]).split('\n')[1];
    expect(row.startsWith('100000 ')).toBe(true);
    expect(row).toContain(' 123456 ');
    expect(row).not.toContain('…');
  });
});
