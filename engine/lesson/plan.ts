import type { FlowAction } from '../types';
import type { Lesson } from './lesson-file';

/** Where one lesson step stands: which game, and the actions from that game's creation to the state the step shows. */
export interface PlannedStep {
  game: string;
  /** For an exercise: the state the learner starts from (the reference solution follows it in later steps). */
  actions: FlowAction[];
  /** For a narrated step: how many of `actions` this step added (its own). */
  added: number;
}

/**
 * The path of a lesson, step by step. An exercise step shows the state before the learner acts;
 * the steps after it continue from its reference solution, so the narration holds whatever the
 * learner did.
 *
 * @example lessonPlan(lesson)[3].actions // what to replay to show step 3
 */
export function lessonPlan(lesson: Lesson): PlannedStep[] {
  let game = Object.keys(lesson.games)[0];
  let actions: FlowAction[] = [];
  return lesson.steps.map((step) => {
    if (step.open !== undefined) {
      game = step.open;
      actions = [];
    }
    const planned: PlannedStep = { game, actions: [...actions, ...(step.actions as FlowAction[])], added: step.actions.length };
    actions = step.exercise ? [...planned.actions, ...(step.exercise.solution as FlowAction[])] : planned.actions;
    return planned;
  });
}
