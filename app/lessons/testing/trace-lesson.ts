// Prints every step a lesson plays (path and reference solutions), for writing lessons by hand:
//   npx tsx app/lessons/testing/trace-lesson.ts fixtures/x/lessons/y.lesson.json
import { chartOf, lessonPlan, Session, type FlowAction } from '../../../engine';
import { openGame } from '../../game/open-session';
import { readLesson, resolvedGames } from '../lesson-library';

const file = process.argv[2];
const lesson = readLesson(file);
const games = resolvedGames(lesson, file);
const plan = lessonPlan(lesson);
let current: { key: string; session: Session } | null = null;
for (const [i, step] of lesson.steps.entries()) {
  const p = plan[i];
  if (!current || current.key !== p.game || step.open) {
    const g = games[p.game];
    const o = await openGame(g.file, g.export, g.bgio);
    current = {
      key: p.game,
      session: new Session({
        runtime: o.runtime,
        config: o.game.config,
        numPlayers: lesson.numPlayers,
        seed: lesson.seed,
        setupData: lesson.setupData ?? null,
      }),
    };
    console.log(
      `-- game ${p.game} on ${o.runtime.version}; chart phases ${chartOf(o.game.config, lesson.numPlayers, o.runtime)
        .phases.map((x) => x.key)
        .join(',')}`,
    );
  }
  const show = () => {
    const r = current!.session.steps[current!.session.lastIndex];
    console.log(
      `   ${r.ok ? 'ok ' : 'ERR'} ${JSON.stringify(r.action)} -> ${JSON.stringify(r.ctx)}${r.error ? ' ' + r.error.message.split('\n')[0] : ''}`,
    );
  };
  console.log(`step ${i + 1}: ${step.title ?? ''}`);
  if (i === 0) show();
  for (const a of [...step.actions, ...(step.exercise?.solution ?? [])] as FlowAction[]) {
    current.session.dispatch(a);
    show();
  }
}
