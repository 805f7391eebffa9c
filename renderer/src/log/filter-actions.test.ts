import { describe, expect, it } from 'vitest';
import type { ChartModel, ChartPhase } from '../../../engine/host/protocol';
import { filterActions } from './filter-actions';

const phase = (key: string, moves: string[] | null, stages: { name: string; moves: string[] | null }[]): ChartPhase =>
  ({
    key,
    name: key,
    start: false,
    declared: true,
    moves,
    hooks: { onBegin: false, onEnd: false },
    endIf: false,
    turn: {
      path: 'turn',
      order: {},
      endIf: false,
      hooks: { onBegin: false, onEnd: false, onMove: false },
      stages: stages.map((s) => ({ ...s, next: null, declared: true })),
    },
  }) as unknown as ChartPhase;

describe("the log filter's action names", () => {
  it('lists the moves of stages as well as of phases, each once', () => {
    const chart = {
      phases: [
        phase(
          'play',
          ['drawCards', 'playBang'],
          [
            { name: 'respondToBang', moves: ['playMissed', 'takeDamage'] },
            { name: 'respondToIndians', moves: ['discardBang', 'takeDamage'] },
          ],
        ),
        phase('end', null, [{ name: 'undeclared', moves: null }]),
      ],
    } as unknown as ChartModel;
    expect(filterActions(chart, ['endTurn'])).toEqual([
      'drawCards',
      'playBang',
      'playMissed',
      'takeDamage',
      'discardBang',
      'endTurn',
      'undo',
      'redo',
      'reset',
    ]);
  });
  it('has the history actions without a chart', () => {
    expect(filterActions(undefined)).toEqual(['undo', 'redo', 'reset']);
  });
});
