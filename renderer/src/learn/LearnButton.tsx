import { useLessonRunner } from './LearnPanel';

/** The toolbar's entry to the lessons. */
export function LearnButton() {
  const runner = useLessonRunner();
  return (
    <div className="group">
      <button
        className="learn-button"
        onClick={() => void runner.openList()}
        title="Lessons: learn boardgame.io's phases, stages and turn orders step by step"
        data-testid="learn-button"
      >
        Learn
      </button>
    </div>
  );
}
