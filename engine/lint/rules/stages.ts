import { finding, list } from '../codes';
import type { Rule } from './context';

/**
 * `unknown-stage-next`: `endStage` moves the player to the stage's `next` without checking it
 * (boardgame.io's `UpdateStage`), so a misspelt `next` leaves the player in an undeclared stage,
 * where `GetMove` finds no stage moves and falls through to the phase or global moves.
 */
export const unknownStageNext: Rule = (ctx) =>
  ctx.turns.flatMap(({ turn }) => {
    const names = turn.stages.map((s) => s.name);
    return turn.stages
      .filter((s) => s.next !== null && !names.includes(s.next))
      .map((s) =>
        finding(
          'unknown-stage-next',
          `${turn.path}.stages.${s.name}.next`,
          `Stage \`${s.name}\` has \`next: '${s.next}'\`, but \`${turn.path}\` has no stage \`${s.next}\` (stages: ${list(names)}), so \`endStage\` puts the player in an undeclared stage where they get the phase or global moves; name one of this turn's stages.`,
        ),
      );
  });
