import { useEffect, useRef } from 'react';
import { useLearn } from '../state/store';
import type { LessonRunner } from './lesson-runner';

/** The Learn dialog: every lesson with the learner's progress. */
export function LessonList({ runner }: { runner: LessonRunner }) {
  const lessons = useLearn((s) => s.lessons);
  const progress = useLearn((s) => s.progress);
  const loading = useLearn((s) => s.loading);
  // A modal dialog: it takes the focus, Escape closes it, and the focus goes back where it was.
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    return () => {
      if (previous?.isConnected && previous !== document.body) previous.focus();
    };
  }, []);
  return (
    <div className="modal-backdrop" onClick={() => runner.close()}>
      <div
        className="modal learn-list"
        role="dialog"
        aria-modal="true"
        aria-label="lessons"
        tabIndex={-1}
        ref={dialog}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            runner.close();
          }
        }}
      >
        <h2>Learn boardgame.io</h2>
        <p className="learn-intro">
          Each lesson runs a small game on boardgame.io's own reducer, step by step, with the chart lit up where the flow goes. Exercises
          ask you to make something happen with the controls.
        </p>
        {loading && !lessons.length ? <p>Loading lessons…</p> : null}
        <ol className="learn-lessons">
          {lessons.map((l) => {
            const p = progress[l.id];
            const status = p?.completed ? 'done' : p ? `step ${p.step + 1} of ${l.steps}` : 'not started';
            return (
              <li key={l.id}>
                <button className="learn-lesson" data-testid={`lesson-${l.id}`} onClick={() => void runner.openLesson(l.id)}>
                  <span className="learn-lesson-title">{l.title}</span>
                  <span className="learn-lesson-status" data-status={p?.completed ? 'done' : p ? 'started' : 'new'}>
                    {p?.completed ? '✓ ' : ''}
                    {status} · {p?.solved.length ?? 0}/{l.exercises} exercises
                  </span>
                  <span className="learn-lesson-summary">{l.summary}</span>
                </button>
              </li>
            );
          })}
        </ol>
        <div className="modal-actions">
          <button onClick={() => runner.close()}>Close</button>
        </div>
      </div>
    </div>
  );
}
