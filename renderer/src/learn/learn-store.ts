import { useSyncExternalStore } from 'react';
import type { LessonEntry, LessonView, Verdict } from '../../../engine/host/protocol';
import { readProgress, type LessonProgress } from './progress';

export interface ExerciseState {
  /** The session step the learner starts from. */
  start: number;
  tries: number;
  verdict: Verdict | null;
  solved: boolean;
  /** Shown after the first wrong try. */
  showHint: boolean;
}

export interface LearnState {
  mode: 'closed' | 'list' | 'lesson';
  lessons: LessonEntry[];
  lesson: LessonView | null;
  index: number;
  exercise: ExerciseState | null;
  progress: Record<string, LessonProgress>;
  loading: boolean;
}

let state: LearnState = { mode: 'closed', lessons: [], lesson: null, index: 0, exercise: null, progress: readProgress(), loading: false };
const listeners = new Set<() => void>();

export const learnStore = {
  get: () => state,
  set(patch: Partial<LearnState>): void {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useLearn<T>(selector: (s: LearnState) => T): T {
  return useSyncExternalStore(learnStore.subscribe, () => selector(state));
}
