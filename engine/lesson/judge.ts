import { unmetFields } from '../replay/check';
import type { FlowAction, FlowCtx } from '../types';
import type { LessonExercise, LessonExpectation } from './lesson-file';

/** One step of the learner's attempt, as the host reports it. */
export interface AttemptStep {
  action: FlowAction | null;
  ok: boolean;
  ctx: FlowCtx;
}

export interface Verdict {
  solved: boolean;
  /** The learner used something the exercise forbids (a wrong try at once). */
  forbidden: string | null;
  /** What is not yet right, in words (empty when solved). */
  unmet: string[];
}

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));
const actionName = (a: FlowAction | null) => (a && (a.type === 'move' || a.type === 'event') ? a.name : (a?.type ?? null));

/** The goal as a list of checkpoints reached in order. */
export const goalCheckpoints = (exercise: LessonExercise): LessonExpectation[] =>
  Array.isArray(exercise.goal) ? exercise.goal : [exercise.goal];

/**
 * Judges an attempt: the steps the learner made after the exercise began (not the start state).
 * Solved when nothing forbidden was used and every checkpoint of the goal was reached, in order,
 * the last one by the latest step.
 */
export function judgeExercise(exercise: LessonExercise, attempt: readonly AttemptStep[]): Verdict {
  const used = attempt.map((s) => actionName(s.action)).find((name) => name !== null && exercise.forbid.includes(name)) ?? null;
  if (used) return { solved: false, forbidden: used, unmet: [`this exercise must be solved without ${used}`] };
  if (attempt.length === 0) return { solved: false, forbidden: null, unmet: ['nothing has been done yet: act with the controls first'] };
  const checkpoints = goalCheckpoints(exercise);
  let from = 0;
  for (let c = 0; c < checkpoints.length; c++) {
    const last = c === checkpoints.length - 1;
    const candidates = last ? [attempt.length - 1] : attempt.map((_, i) => i).filter((i) => i >= from);
    const hit = candidates.find((i) => i >= from && unmetFields(checkpoints[c], attempt[i]).length === 0);
    if (hit === undefined) {
      const at = attempt[attempt.length - 1];
      const unmet = unmetFields(checkpoints[c], at).map((m) => `${m.field} should be ${show(m.expected)}, it is ${show(m.actual)}`);
      const prefix = checkpoints.length > 1 ? `checkpoint ${c + 1} of ${checkpoints.length} not reached: ` : '';
      return {
        solved: false,
        forbidden: null,
        unmet: (unmet.length ? unmet : ['reached too early: it must hold after your last action']).map((u) => prefix + u),
      };
    }
    from = hit + 1;
  }
  return { solved: true, forbidden: null, unmet: [] };
}
