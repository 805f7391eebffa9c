import { chartOf, checkLesson, Session, type LessonCheck } from '../../engine';
import { openGame, type OpenedGame } from '../game/open-session';
import { readLesson, resolvedGames } from './lesson-library';

/** Validates one lesson file on the real reducer (see `checkLesson`); a file that does not parse throws LessonError. */
export async function checkLessonFile(file: string): Promise<LessonCheck> {
  const lesson = readLesson(file);
  const games = resolvedGames(lesson, file);
  const opened = new Map<string, OpenedGame | Error>();
  for (const [key, g] of Object.entries(games)) {
    try {
      opened.set(key, await openGame(g.file, g.export, g.bgio));
    } catch (error) {
      opened.set(key, error as Error);
    }
  }
  return checkLesson(lesson, (key) => {
    const o = opened.get(key)!;
    if (o instanceof Error) throw o;
    const session = new Session({
      runtime: o.runtime,
      config: o.game.config,
      numPlayers: lesson.numPlayers,
      seed: lesson.seed,
      setupData: lesson.setupData ?? null,
    });
    return { session, chart: chartOf(o.game.config, lesson.numPlayers, o.runtime) };
  });
}
