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
    diagnostics: [],
  }) as unknown as StepRecord;

describe('the replay table', () => {
  it('never cuts a step or turn number', () => {
    const row = formatTable([record(100000, 123456)]).split('\n')[1];
    expect(row.startsWith('100000 ')).toBe(true);
    expect(row).toContain(' 123456 ');
    expect(row).not.toContain('…');
  });

  it('shows each step’s diagnostics and Flowscope’s notes under it, not again the events already shown', () => {
    const r = record(3, 2);
    r.trace = {
      entries: [
        {
          fn: 'moves.clickCell',
          kind: 'move',
          events: [{ name: 'endTurn', args: ['1'], outcome: 'applied', warning: 'boardgame.io logged: invalid argument to endTurn: 1' }],
        },
      ],
      transitions: [],
      logs: [
        { level: 'warn', text: 'a Flowscope note', source: 'flowscope' },
        { level: 'error', text: 'ERROR: a framework line', source: 'boardgame.io' },
      ],
    };
    r.diagnostics = [
      { code: 'event-warning', severity: 'warning', message: 'moves.clickCell called endTurn("1"): applied, but …' },
      { code: 'nondeterministic-call', severity: 'warning', message: 'moves.clickCell called Math.random()\nsecond line' },
      { code: 'bgio-error', severity: 'error', message: 'invalid value returned by turn.order.next' },
      { code: 'bgio-error', severity: 'error', message: 'invalid value returned by turn.order.next' },
    ];
    expect(formatTable([r]).split('\n').slice(2)).toEqual([
      '      moves.clickCell',
      '        endTurn("1"): applied (but boardgame.io logged: invalid argument to endTurn: 1)',
      '      note: a Flowscope note',
      '      warning: nondeterministic-call: moves.clickCell called Math.random()',
      '      error: bgio-error: invalid value returned by turn.order.next (×2)',
    ]);
  });
});
