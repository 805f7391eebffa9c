/**
 * Drives a lesson: shows each step's state (by replaying the lesson's path on the host, reusing
 * the session when only actions are added), and judges exercises on the steps the learner makes
 * with the normal controls.
 */
import { judgeExercise, type FlowAction, type LessonView, type StepSummary } from '../../../engine/host/protocol';
import type { Controller } from '../state/controller';
import { saveProgress } from '../state/lesson-progress';

const same = (a: FlowAction, b: FlowAction) => JSON.stringify(a) === JSON.stringify(b);

export class LessonRunner {
  /** The lesson game and the actions of the host session as this runner last left it. */
  private loaded: { lessonId: string; game: string; actions: FlowAction[] } | null = null;
  private unsubscribe: (() => void) | null = null;
  private judging = false;

  constructor(private readonly controller: Controller) {}

  private get store() {
    return this.controller.store;
  }

  async openList(): Promise<void> {
    this.store.patch('learn', { mode: 'list', loading: true });
    try {
      this.store.patch('learn', { lessons: await this.controller.host.listLessons() });
    } catch (error) {
      this.store.set({ notice: { kind: 'error', text: `lessons: ${(error as Error).message}` } });
    } finally {
      this.store.patch('learn', { loading: false });
    }
  }

  async openLesson(id: string, at?: number): Promise<void> {
    this.store.patch('learn', { loading: true });
    try {
      const lesson = await this.controller.host.lesson(id);
      const saved = this.store.get().learn.progress[lesson.id];
      this.loaded = null;
      this.store.patch('learn', { mode: 'lesson', lesson });
      await this.goTo(at ?? Math.min(saved?.step ?? 0, lesson.steps - 1));
    } catch (error) {
      this.store.set({ notice: { kind: 'error', text: `lesson ${id}: ${(error as Error).message}` } });
      this.store.patch('learn', { mode: 'list' });
    } finally {
      this.store.patch('learn', { loading: false });
    }
  }

  close(): void {
    this.stopWatching();
    this.store.patch('learn', { mode: 'closed', lesson: null, exercise: null });
  }

  /** Shows step `index` of the open lesson. */
  async goTo(index: number): Promise<void> {
    const lesson = this.store.get().learn.lesson;
    if (!lesson) return;
    const i = Math.max(0, Math.min(index, lesson.steps - 1));
    this.stopWatching();
    this.store.patch('learn', { index: i, exercise: null, loading: true });
    try {
      const planned = lesson.plan[i];
      await this.show(lesson, planned.game, planned.actions);
      const progress = saveProgress(lesson.id, (p) => ({
        ...p,
        step: i,
        completed: p.completed || (i === lesson.steps - 1 && lesson.lesson.steps.every((s, k) => !s.exercise || p.solved.includes(k))),
      }));
      this.store.patch('learn', { progress });
      if (lesson.lesson.steps[i].exercise) {
        this.store.patch('learn', { exercise: { start: planned.actions.length, tries: 0, verdict: null, solved: false, showHint: false } });
        this.watch();
      }
    } catch (error) {
      this.store.set({ notice: { kind: 'error', text: `lesson step ${i + 1}: ${(error as Error).message}` } });
    } finally {
      this.store.patch('learn', { loading: false });
    }
  }

  /** "Check my answer": a wrong try shows what is not right yet and the hint. */
  async check(): Promise<void> {
    const verdict = await this.judge();
    if (!verdict) return;
    if (!verdict.solved) this.wrongTry(verdict);
  }

  /** Plays the reference solution from the exercise's start. */
  async showSolution(): Promise<void> {
    const { lesson, index, exercise } = this.store.get().learn;
    const ex = lesson?.lesson.steps[index].exercise;
    if (!lesson || !ex || !exercise) return;
    const planned = lesson.plan[index];
    await this.show(lesson, planned.game, [...planned.actions, ...(ex.solution as FlowAction[])]);
    await this.judge();
  }

  private async show(lesson: LessonView, gameKey: string, actions: FlowAction[]): Promise<void> {
    const host = this.controller.host;
    const game = lesson.games[gameKey];
    const view = await host.view();
    // Reuse the session only while it is still this lesson's game, players, seed and release.
    const reusable =
      this.loaded?.lessonId === lesson.id &&
      this.loaded.game === gameKey &&
      !!view &&
      view.game.file === game.file &&
      view.numPlayers === lesson.lesson.numPlayers &&
      view.seed === lesson.lesson.seed &&
      (!game.bgio || view.game.bgio.startsWith(game.bgio));
    let current = reusable ? this.loaded!.actions : null;
    if (current && view) {
      // The learner may have acted since: read the session's actions back.
      const steps = view.length > 1 ? await host.steps(1, view.length - 1) : [];
      current = steps.map((s) => s.action!).filter(Boolean);
    }
    let prefix = 0;
    if (current) while (prefix < current.length && prefix < actions.length && same(current[prefix], actions[prefix])) prefix++;
    let last: StepSummary | null = null;
    if (current && prefix === current.length && prefix === actions.length) {
      this.controller.show(view!, actions.length);
    } else if (current && prefix < actions.length) {
      for (const [k, action] of actions.slice(prefix).entries()) last = await host.dispatch(action, k === 0 ? prefix : undefined);
      this.controller.show((await host.view())!, last!.index);
    } else {
      await host.open({
        game: game.file,
        exportName: game.export,
        bgio: game.bgio,
        numPlayers: lesson.lesson.numPlayers,
        seed: lesson.lesson.seed,
        setupData: lesson.lesson.setupData,
      });
      for (const action of actions) await host.dispatch(action);
      this.controller.show((await host.view())!, actions.length);
    }
    this.loaded = { lessonId: lesson.id, game: gameKey, actions };
  }

  private wrongTry(verdict: NonNullable<ReturnType<typeof judgeExercise>>): void {
    const ex = this.store.get().learn.exercise;
    if (ex) this.store.patch('learn', { exercise: { ...ex, tries: ex.tries + 1, verdict, showHint: true } });
  }

  /** Judges the learner's steps since the exercise began; records a solve. */
  private async judge(): Promise<ReturnType<typeof judgeExercise> | null> {
    const { lesson, index, exercise } = this.store.get().learn;
    const ex = lesson?.lesson.steps[index].exercise;
    if (!lesson || !ex || !exercise || this.judging) return null;
    this.judging = true;
    try {
      const length = this.store.get().length;
      const steps = length - 1 > exercise.start ? await this.controller.host.steps(exercise.start + 1, length - 1) : [];
      const verdict = judgeExercise(
        ex,
        steps.map((s) => ({ action: s.action, ok: s.ok, ctx: s.ctx })),
      );
      const now = this.store.get().learn.exercise;
      if (!now || this.store.get().learn.index !== index) return null;
      this.store.patch('learn', { exercise: { ...now, verdict, solved: now.solved || verdict.solved } });
      if (verdict.solved)
        this.store.patch('learn', { progress: saveProgress(lesson.id, (p) => ({ ...p, solved: [...new Set([...p.solved, index])] })) });
      return verdict;
    } finally {
      this.judging = false;
    }
  }

  /** After each step the learner makes: a solve is announced at once, a forbidden action is a wrong try at once. */
  private watch(): void {
    let seen = this.store.get().length;
    this.unsubscribe = this.store.subscribe(() => {
      const length = this.store.get().length;
      if (length === seen) return;
      seen = length;
      const ex = this.store.get().learn.exercise;
      if (!ex || ex.solved || length - 1 <= ex.start) return;
      void this.judge().then((verdict) => {
        if (verdict?.forbidden) this.wrongTry(verdict);
      });
    });
  }

  private stopWatching(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}
