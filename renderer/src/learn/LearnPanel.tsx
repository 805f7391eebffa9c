import { Fragment, useEffect, useMemo, useState } from 'react';
import { useLearn, useStore } from '../state/store';
import { useController } from '../state/context';
import { ChartFocus } from './ChartFocus';
import { LessonRunner } from './lesson-runner';
import { LessonList } from './LessonList';
import './learn.css';

let shared: LessonRunner | null = null;
/** One runner per page (the toolbar button and the panel share it). */
export function useLessonRunner(): LessonRunner {
  const controller = useController();
  return useMemo(() => (shared ??= new LessonRunner(controller)), [controller]);
}

/** Lesson text: `code` spans become code; blank lines separate paragraphs. */
function Narration({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((para, i) => (
        <p key={i}>{para.split('`').map((part, k) => (k % 2 ? <code key={k}>{part}</code> : <Fragment key={k}>{part}</Fragment>))}</p>
      ))}
    </>
  );
}

function Exercise({ runner, textShown }: { runner: LessonRunner; textShown: boolean }) {
  const store = useStore();
  const step = useLearn((s) => s.lesson!.lesson.steps[s.index]);
  const state = useLearn((s) => s.exercise);
  const ex = step.exercise!;
  if (!state) return null;
  const { verdict, solved } = state;
  return (
    <div
      className={`learn-exercise${solved ? ' solved' : ''}`}
      data-testid="lesson-exercise"
      data-solved={String(solved)}
      data-tries={state.tries}
    >
      {textShown && (
        <div className="learn-task">
          <strong>Exercise.</strong> <Narration text={ex.task} />
        </div>
      )}
      {textShown && ex.forbid.length > 0 && (
        <div className="learn-forbid">
          Without:{' '}
          {ex.forbid.map((f) => (
            <code key={f}>{f}</code>
          ))}
        </div>
      )}
      {solved ? (
        <div className="learn-feedback right" role="status" data-testid="lesson-feedback">
          <strong>Right.</strong> <Narration text={ex.success ?? 'The goal holds.'} />
        </div>
      ) : verdict && state.tries > 0 ? (
        <div className="learn-feedback wrong" role="alert" data-testid="lesson-feedback">
          <strong>Not yet.</strong> {verdict.unmet.join('; ')}.
        </div>
      ) : null}
      {textShown && !solved && state.showHint && (
        <div className="learn-hint" data-testid="lesson-hint">
          <strong>Hint.</strong> <Narration text={ex.hint} />
        </div>
      )}
      {!solved && (
        <div className="learn-actions">
          <button className="primary" onClick={() => void runner.check()}>
            Check my answer
          </button>
          <button onClick={() => void runner.goTo(store.get().learn.index)}>Start over</button>
          {state.tries > 0 && <button onClick={() => void runner.showSolution()}>Show the solution</button>}
        </div>
      )}
    </div>
  );
}

/** The narration band: the lesson's step text, its exercise, and the way through the lesson. */
export function LearnPanel() {
  const runner = useLessonRunner();
  const mode = useLearn((s) => s.mode);
  const lesson = useLearn((s) => s.lesson);
  const index = useLearn((s) => s.index);
  const loading = useLearn((s) => s.loading);
  const exercise = useLearn((s) => s.exercise);
  // The text can be folded away (the exercise's buttons stay), so the chart has the room.
  const [textShown, setTextShown] = useState(true);
  useOpenFromAddress(runner);
  if (mode === 'list') return <LessonList runner={runner} />;
  if (mode !== 'lesson' || !lesson) return null;
  const step = lesson.lesson.steps[index];
  const last = index === lesson.steps - 1;
  const unsolved = !!step.exercise && !exercise?.solved;
  return (
    <section className="learn-panel" aria-label="lesson" data-testid="lesson-panel" data-step={index} data-loading={String(loading)}>
      <ChartFocus />
      <div className="learn-head">
        <span className="learn-title">{lesson.title}</span>
        <span className="learn-counter" data-testid="lesson-counter">
          step {index + 1} of {lesson.steps}
        </span>
        {step.title && <span className="learn-step-title">{step.title}</span>}
        <span className="learn-spacer" />
        <button onClick={() => void runner.goTo(index - 1)} disabled={index === 0 || loading}>
          Back
        </button>
        <button
          className={unsolved ? '' : 'primary'}
          onClick={() => (last ? runner.close() : void runner.goTo(index + 1))}
          disabled={loading}
          data-testid="lesson-next"
        >
          {last ? 'Finish' : unsolved ? 'Skip' : 'Next'}
        </button>
        <button
          onClick={() => setTextShown(!textShown)}
          aria-expanded={textShown}
          aria-controls="learn-body"
          data-testid="lesson-text-toggle"
          title={textShown ? 'fold the text away (more room for the chart)' : 'show the text again'}
        >
          {textShown ? 'Hide text' : 'Show text'}
        </button>
        <button onClick={() => void runner.openList()}>Lessons</button>
        <button className="link" onClick={() => runner.close()} aria-label="close lesson">
          ×
        </button>
      </div>
      <div className="learn-body" id="learn-body" data-text-shown={String(textShown)}>
        {textShown && <Narration text={step.text} />}
        {step.exercise && <Exercise runner={runner} textShown={textShown} />}
      </div>
    </section>
  );
}

/** `?learn=list` opens the lesson list, `?learn=<id>` that lesson (what `flowscope learn` prints). */
function useOpenFromAddress(runner: LessonRunner): void {
  useEffect(() => {
    const wanted = new URLSearchParams(location.search).get('learn');
    if (!wanted) return;
    if (wanted === 'list') void runner.openList();
    else void runner.openLesson(wanted);
  }, [runner]);
}
