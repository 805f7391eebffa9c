import { shownPath } from '../../files/shown-path';
import { LessonError } from '../../../engine';
import { checkLessonFile } from '../../lessons/check-lesson-file';
import { findLessonFiles, lessonFile, lessonId, listLessons } from '../../lessons/lesson-library';
import { FIXTURES_DIR } from './serve';
import { readRegularTextFile } from '../../files/read-regular-file';

/** `flowscope lessons`: the bundled lessons in teaching order. */
export function lessonsCommand(print: (line: string) => void): number {
  const lessons = listLessons(FIXTURES_DIR);
  const width = Math.max(...lessons.map((l) => l.id.length));
  for (const l of lessons)
    print(
      `${l.id.padEnd(width)}  ${l.title} (${l.steps} steps, ${l.exercises} exercise${l.exercises === 1 ? '' : 's'})\n${' '.repeat(width + 2)}${l.summary}`,
    );
  print(`\n${lessons.length} lessons. Start one in the browser: npx flowscope learn ${lessons[0]?.id ?? ''}`);
  return 0;
}

/**
 * `flowscope lesson check [file|id]`: every lesson (or the one named) replays on the real reducer,
 * every exercise is solved by its reference solution, every chart reference exists. Exit 1 on a problem.
 */
export async function lessonCheckCommand(target: string | undefined, print: (line: string) => void): Promise<number> {
  const files = target === undefined ? findLessonFiles(FIXTURES_DIR) : [lessonFile(FIXTURES_DIR, target)];
  // A lesson file that cannot be read is a bad command line (exit 2), not a lesson with problems.
  if (target !== undefined) readRegularTextFile(files[0], 'lesson');
  let failed = 0;
  for (const file of files) {
    const name = lessonId(FIXTURES_DIR, file);
    try {
      const result = await checkLessonFile(file);
      if (result.problems.length === 0) {
        print(
          `ok    ${name}: ${result.actions} actions replayed, ${result.exercises} exercise${result.exercises === 1 ? '' : 's'} solved by their reference solution`,
        );
        continue;
      }
      failed++;
      print(`FAIL  ${name} (${shownPath(file)})`);
      for (const p of result.problems) print(`  ${p.step >= 0 ? `step ${p.step + 1}: ` : ''}${p.message}`);
    } catch (error) {
      failed++;
      print(`FAIL  ${name}\n  ${error instanceof LessonError ? error.problems.join('\n  ') : (error as Error).message}`);
    }
  }
  print(failed ? `${failed} of ${files.length} lessons have problems` : `${files.length} lesson${files.length === 1 ? '' : 's'} ok`);
  return failed ? 1 : 0;
}
