import { describe, expect, it } from 'vitest';
import { buildChartModel } from '../chart/model';
import { normaliseConfig } from '../config/normalise';
import { bgio050 } from '../runtime/bgio-050/bgio050-runtime';
import { Session } from '../session/session';
import type { FlowAction, FlowCtx } from '../types';
import { missingChartRef } from './chart-refs';
import { checkLesson } from './check-lesson';
import { judgeExercise } from './judge';
import { LessonError, parseLesson, type Lesson } from './lesson-file';
import { lessonPlan } from './plan';

// A small game: two phases, A ends by endIf after two moves, then B; B has a stage.
const game = {
  name: 'tiny',
  setup: () => ({ n: 0 }),
  phases: {
    A: { start: true, moves: { inc: ({ G }: any) => void G.n++ }, endIf: ({ G }: any) => G.n >= 2, next: 'B' },
    B: {
      moves: { go: ({ events }: any) => events.setActivePlayers({ others: 'wait' }) },
      turn: { stages: { wait: { moves: { ok: () => {} } } } },
    },
  },
};
const move = (name: string, playerID = '0'): FlowAction => ({ type: 'move', name, args: [], playerID });
const ctx = (patch: Partial<FlowCtx>): FlowCtx => ({
  phase: 'A',
  turn: 1,
  currentPlayer: '0',
  playOrder: ['0', '1'],
  playOrderPos: 0,
  activePlayers: null,
  numMoves: 0,
  gameover: undefined,
  ...patch,
});

const base = {
  format: 'flowscope-lesson',
  version: 1,
  title: 'Tiny',
  summary: 'A test lesson.',
  games: { g: 'game.ts' },
  numPlayers: 2,
  steps: [
    { text: 'Start.', highlight: [{ phase: 'A' }] },
    {
      text: 'Reach B.',
      exercise: {
        task: 'Get to B without endPhase.',
        goal: { phase: 'B' },
        forbid: ['endPhase'],
        hint: 'endIf',
        solution: [move('inc'), move('inc')],
      },
    },
    {
      text: 'Now others wait.',
      actions: [move('go', '1')],
      expect: { activePlayers: { '0': 'wait' } },
      highlight: [{ stage: 'wait', phase: 'B' }, { edge: 'next:A->B' }],
    },
  ],
};

const open = () => ({
  session: new Session({ runtime: bgio050, config: game, numPlayers: 2, seed: 's', setupData: null }),
  chart: buildChartModel(normaliseConfig(game), 2),
});

describe('lesson files', () => {
  it('parse with defaults, and every mistake is named by its path', () => {
    const lesson = parseLesson(JSON.stringify(base));
    expect(lesson.seed).toBe('lesson');
    expect(lesson.steps[0].actions).toEqual([]);
    try {
      parseLesson({
        ...base,
        numPlayers: 0,
        steps: [
          { text: '', highlight: [{ phaze: 'A' }] },
          { text: 'x', open: 'nope' },
        ],
      });
      expect.unreachable();
    } catch (error) {
      const problems = (error as LessonError).problems.join('\n');
      expect(problems).toMatch(/numPlayers:/);
      expect(problems).toMatch(/steps\.0\.text:/);
      expect(problems).toMatch(/steps\.0\.highlight\.0:/);
    }
    expect(() => parseLesson('{')).toThrow(/not JSON/);
    expect(() => parseLesson({ ...base, steps: [{ text: 'x', open: 'nope' }] })).toThrow(/no game "nope"/);
  });

  it('plan: an exercise shows the state before the learner acts; later steps continue from its solution', () => {
    const plan = lessonPlan(parseLesson(base));
    expect(plan.map((p) => p.actions.length)).toEqual([0, 0, 3]);
    expect(plan[2].actions.slice(0, 2)).toEqual([move('inc'), move('inc')]);
  });
});

describe('judging an exercise', () => {
  const ex = parseLesson(base).steps[1].exercise!;
  it('solved when the goal holds after the last step', () => {
    expect(
      judgeExercise(ex, [
        { action: move('inc'), ok: true, ctx: ctx({}) },
        { action: move('inc'), ok: true, ctx: ctx({ phase: 'B' }) },
      ]).solved,
    ).toBe(true);
  });
  it('not yet: names the field, what it should be and what it is', () => {
    const v = judgeExercise(ex, [{ action: move('inc'), ok: true, ctx: ctx({}) }]);
    expect(v).toEqual({ solved: false, forbidden: null, unmet: ['phase should be "B", it is "A"'] });
  });
  it('a forbidden event is a wrong try even when the goal holds', () => {
    const v = judgeExercise(ex, [
      { action: { type: 'event', name: 'endPhase', args: [], playerID: '0' }, ok: true, ctx: ctx({ phase: 'B' }) },
    ]);
    expect(v.forbidden).toBe('endPhase');
    expect(v.solved).toBe(false);
  });
  it('checkpoints must be reached in order, the last at the end', () => {
    const seq = { ...ex, goal: [{ activePlayers: { '1': 'x' } }, { activePlayers: null }] };
    const step = (activePlayers: FlowCtx['activePlayers']) => ({ action: move('inc'), ok: true, ctx: ctx({ activePlayers }) });
    expect(judgeExercise(seq, [step({ '1': 'x' }), step(null)]).solved).toBe(true);
    expect(judgeExercise(seq, [step(null)]).solved).toBe(false);
    expect(judgeExercise(seq, [step(null), step({ '1': 'x' })]).solved).toBe(false);
  });
});

describe('checking a lesson on the real reducer', () => {
  it('a good lesson has no problems', () => {
    const result = checkLesson(parseLesson(base), open);
    expect(result).toEqual({ problems: [], actions: 3, exercises: 1 });
    // The lesson shows what boardgame.io did: ending phase A ended player 0's turn.
    expect(open().chart.phases.map((p) => p.key)).toEqual(['A', 'B', '__nophase__']);
  });

  it('names a refused action, an unmet expect, a wrong solution, a trivial exercise and a missing chart part', () => {
    const bad: Lesson = parseLesson({
      ...base,
      steps: [
        {
          text: 'Refused.',
          actions: [move('go')],
          highlight: [{ phase: 'C' }, { edge: 'next:B->A' }, { stage: 'wait', phase: 'A' }, { player: '7' }],
        },
        { text: 'Trivial.', exercise: { ...base.steps[1].exercise, goal: { phase: 'A' }, solution: [move('inc')] } },
        {
          text: 'Wrong.',
          exercise: { ...base.steps[1].exercise, solution: [{ type: 'event', name: 'endTurn', args: [], playerID: '0' }] },
        },
        { text: 'Expect.', actions: [], expect: { phase: 'B' } },
      ],
    });
    const messages = checkLesson(bad, open).problems.map((p) => `${p.step}: ${p.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^0: action 1 \(move go by 0\) was refused/),
      expect.stringMatching(/^0: highlight \{"phase":"C"\}: no phase "C"/),
      expect.stringMatching(/^0: highlight \{"edge":"next:B->A"\}: no edge/),
      expect.stringMatching(/^0: highlight \{"stage":"wait","phase":"A"\}: no stage "wait" in phase A/),
      expect.stringMatching(/^0: highlight \{"player":"7"\}: no player "7"/),
      '1: the exercise is already solved before the learner acts: its goal holds at the start',
      '2: the reference solution does not solve the exercise: phase should be "B", it is "A"',
      expect.stringMatching(/^3: expect\.phase: expected "B", got "A"/),
    ]);
  });

  it('chart references: stages anywhere unless a phase is named', () => {
    const chart = buildChartModel(normaliseConfig(game), 2);
    expect(missingChartRef(chart, { stage: 'wait' })).toBeNull();
    expect(missingChartRef(chart, { turn: 'B' })).toBeNull();
    expect(missingChartRef(chart, { stage: 'nope' })).toMatch(/no stage "nope"/);
  });
});
