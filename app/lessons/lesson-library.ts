import { existsSync, readdirSync } from 'node:fs';
import { readRegularTextFile } from '../files/read-regular-file';
import path from 'node:path';
import {
  lessonGame,
  lessonPlan,
  LessonError,
  parseLesson,
  type Lesson,
  type LessonEntry,
  type LessonGame,
  type LessonView,
} from '../../engine';

export const LESSON_SUFFIX = '.lesson.json';

/** Every bundled lesson file: `<fixturesDir>/<fixture>/lessons/*.lesson.json`. */
export function findLessonFiles(fixturesDir: string): string[] {
  if (!existsSync(fixturesDir)) return [];
  const out: string[] = [];
  for (const fixture of readdirSync(fixturesDir).sort()) {
    const dir = path.join(fixturesDir, fixture, 'lessons');
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) if (name.endsWith(LESSON_SUFFIX)) out.push(path.join(dir, name));
  }
  return out;
}

/** The id of a lesson file: `<fixture>/<name>` inside the fixtures folder, else its absolute path. */
export function lessonId(fixturesDir: string, file: string): string {
  const rel = path.relative(fixturesDir, file).split(path.sep);
  if (rel.length === 3 && rel[1] === 'lessons' && !rel[0].startsWith('..')) return `${rel[0]}/${rel[2].slice(0, -LESSON_SUFFIX.length)}`;
  return path.resolve(file);
}

/** The file of a lesson id (see `lessonId`); a path to a `.lesson.json` file is its own id. */
export function lessonFile(fixturesDir: string, id: string): string {
  if (id.endsWith(LESSON_SUFFIX)) return path.resolve(id);
  const m = /^([\w.-]+)\/([\w.-]+)$/.exec(id);
  const file = m ? path.join(fixturesDir, m[1], 'lessons', `${m[2]}${LESSON_SUFFIX}`) : '';
  if (!m || !existsSync(file))
    throw new LessonError([`no lesson "${id}" (\`flowscope lessons\` lists them; a lesson file's name ends in ${LESSON_SUFFIX})`]);
  return file;
}

/** Reads and validates a lesson file; the problems name the file. */
export function readLesson(file: string): Lesson {
  let text: string;
  try {
    text = readRegularTextFile(file, 'lesson');
  } catch (error) {
    throw new LessonError([(error as Error).message]);
  }
  try {
    return parseLesson(text);
  } catch (error) {
    if (error instanceof LessonError) throw new LessonError(error.problems.map((p) => `${file}: ${p}`));
    throw error;
  }
}

/** The lesson's games with their files resolved against the lesson file's folder. */
export function resolvedGames(lesson: Lesson, file: string): Record<string, LessonGame> {
  return Object.fromEntries(
    Object.keys(lesson.games).map((key) => {
      const g = lessonGame(lesson, key);
      return [key, { ...g, file: path.resolve(path.dirname(file), g.file) }];
    }),
  );
}

export function lessonEntry(id: string, lesson: Lesson): LessonEntry {
  return {
    id,
    title: lesson.title,
    summary: lesson.summary,
    order: lesson.order,
    steps: lesson.steps.length,
    exercises: lesson.steps.filter((s) => s.exercise).length,
  };
}

export function lessonView(fixturesDir: string, id: string): LessonView {
  const file = lessonFile(fixturesDir, id);
  const lesson = readLesson(file);
  return { ...lessonEntry(lessonId(fixturesDir, file), lesson), lesson, games: resolvedGames(lesson, file), plan: lessonPlan(lesson) };
}

/** Every bundled lesson that parses, in teaching order (a broken file is left out; `lesson check` names it). */
export function listLessons(fixturesDir: string): LessonEntry[] {
  const out: LessonEntry[] = [];
  for (const file of findLessonFiles(fixturesDir)) {
    try {
      out.push(lessonEntry(lessonId(fixturesDir, file), readLesson(file)));
    } catch {
      // listed by `flowscope lesson check`
    }
  }
  return out.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
}
