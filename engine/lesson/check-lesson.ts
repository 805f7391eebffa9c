import { observeCtx, type ChartModel } from '../chart/model';
import { unmetFields } from '../replay/check';
import type { Session, StepRecord } from '../session/session';
import type { FlowAction } from '../types';
import { missingChartRef } from './chart-refs';
import { goalCheckpoints, judgeExercise } from './judge';
import type { Lesson } from './lesson-file';

export interface LessonProblem {
  /** The lesson step (0-based), or -1 for the whole lesson. */
  step: number;
  message: string;
}

/** A fresh session of one of the lesson's games, and its chart. */
export type OpenLessonGame = (key: string) => { session: Session; chart: ChartModel };

export interface LessonCheck {
  problems: LessonProblem[];
  /** Actions replayed in all (path and reference solutions). */
  actions: number;
  exercises: number;
}

const describe = (a: FlowAction) => (a.type === 'move' || a.type === 'event' ? `${a.type} ${a.name}` : a.type);

/**
 * Walks a lesson on the real reducer: every step's actions are accepted (a step whose `expect.ok`
 * is false may end with a refused one) and meet its `expect`; every exercise is not solved before
 * the learner acts and is solved by its reference solution; every chart reference names a part of
 * the chart of the game the step shows.
 */
export function checkLesson(lesson: Lesson, open: OpenLessonGame): LessonCheck {
  const problems: LessonProblem[] = [];
  const charts = new Map<string, ChartModel>();
  let current: { key: string; session: Session } | null = null;
  let actions = 0;
  let exercises = 0;
  const refsToCheck: { step: number; key: string }[] = [];
  const play = (session: Session, chart: ChartModel, action: FlowAction): StepRecord => {
    actions++;
    const record = session.dispatch(action);
    observeCtx(chart, record.ctx);
    return record;
  };

  for (const [i, step] of lesson.steps.entries()) {
    const problem = (message: string) => problems.push({ step: i, message });
    if (!current || step.open !== undefined) {
      const key = step.open ?? Object.keys(lesson.games)[0];
      try {
        const opened = open(key);
        charts.set(key, opened.chart);
        observeCtx(opened.chart, opened.session.steps[0].ctx);
        current = { key, session: opened.session };
      } catch (error) {
        problem(`game "${key}" could not be opened: ${(error as Error).message}`);
        return { problems, actions, exercises };
      }
    }
    const { session, key } = current;
    const chart = charts.get(key)!;
    refsToCheck.push({ step: i, key });
    for (const [k, action] of (step.actions as FlowAction[]).entries()) {
      const record = play(session, chart, action);
      const mayFail = k === step.actions.length - 1 && step.expect?.ok === false;
      if (!record.ok && !mayFail)
        problem(
          `action ${k + 1} (${describe(action)} by ${'playerID' in action ? action.playerID : 'nobody'}) was refused: ${record.error?.message.split('\n')[0]}`,
        );
    }
    if (step.expect) {
      for (const m of unmetFields(step.expect, session.steps[session.lastIndex]))
        problem(`expect.${m.field}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`);
    }
    if (step.exercise) {
      exercises++;
      const ex = step.exercise;
      const start = session.steps[session.lastIndex];
      const last = goalCheckpoints(ex)[goalCheckpoints(ex).length - 1];
      if (goalCheckpoints(ex).length === 1 && unmetFields(last, start).length === 0)
        problem('the exercise is already solved before the learner acts: its goal holds at the start');
      const attempt = (ex.solution as FlowAction[]).map((a) => {
        const r = play(session, chart, a);
        return { action: r.action, ok: r.ok, ctx: r.ctx };
      });
      const verdict = judgeExercise(ex, attempt);
      if (!verdict.solved) problem(`the reference solution does not solve the exercise: ${verdict.unmet.join('; ')}`);
    }
  }
  for (const { step, key } of refsToCheck) {
    for (const ref of lesson.steps[step].highlight) {
      const missing = missingChartRef(charts.get(key)!, ref);
      if (missing) problems.push({ step, message: `highlight ${JSON.stringify(ref)}: ${missing}` });
    }
  }
  problems.sort((a, b) => a.step - b.step);
  return { problems, actions, exercises };
}
