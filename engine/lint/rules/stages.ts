import { finding, list, type LintFinding } from '../codes';
import { eventCalls } from '../source';
import { distinctFunctions, type Rule } from './context';

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

/**
 * `unknown-set-stage`: `setStage('X')` (literal) in any config function, X a stage of no turn config.
 * boardgame.io puts the player in X unchecked, as with a misspelt `next` above.
 */
export const unknownSetStage: Rule = (ctx) => {
  const declared = [...new Set(ctx.turns.flatMap(({ turn }) => turn.stages.map((s) => s.name)))];
  const out: LintFinding[] = [];
  for (const f of distinctFunctions(ctx)) {
    const names = new Set<string>();
    for (const call of eventCalls(f.source, ['setStage'])) {
      if (call.literal === undefined || declared.includes(call.literal) || names.has(call.literal)) continue;
      names.add(call.literal);
      const known = declared.length ? `stages: ${list(declared)}` : 'the game declares no stages';
      out.push(
        finding(
          'unknown-set-stage',
          f.path,
          `\`${f.path}\` calls \`setStage('${call.literal}')\`, but no turn declares a stage \`${call.literal}\` (${known}); boardgame.io puts the player in it anyway, where they get the phase or global moves, so fix the name or declare the stage.`,
        ),
      );
    }
  }
  return out;
};
