export {
  LESSON_FORMAT,
  LESSON_VERSION,
  LessonError,
  lessonGame,
  lessonSchema,
  parseLesson,
  type ChartRef,
  type Lesson,
  type LessonExercise,
  type LessonExpectation,
  type LessonGame,
  type LessonStep,
} from './lesson-file';
export { lessonPlan, type PlannedStep } from './plan';
export { goalCheckpoints, judgeExercise, type AttemptStep, type Verdict } from './judge';
export { chartRefTestIds, missingChartRef } from './chart-refs';
export { checkLesson, type LessonCheck, type LessonProblem, type OpenLessonGame } from './check-lesson';
