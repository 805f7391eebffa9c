/** What a learner has done in each lesson, kept in localStorage (browser mode and the desktop app alike). */
export interface LessonProgress {
  /** The step last shown (0-based). */
  step: number;
  /** Steps whose exercise was solved. */
  solved: number[];
  completed: boolean;
}

const KEY = 'flowscope.learn.progress';

export function readProgress(): Record<string, LessonProgress> {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, LessonProgress>) : {};
  } catch {
    return {};
  }
}

export function saveProgress(id: string, update: (p: LessonProgress) => LessonProgress): Record<string, LessonProgress> {
  const all = readProgress();
  all[id] = update(all[id] ?? { step: 0, solved: [], completed: false });
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // storage full or disabled: progress lives for this page only
  }
  return all;
}
