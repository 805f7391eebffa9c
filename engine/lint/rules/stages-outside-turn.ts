import { finding, list, type LintFinding } from '../codes';
import type { Rule } from './context';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * `stages-outside-turn`: boardgame.io reads stages only from `turn.stages` (`flow.ts` `GetMove`,
 * `UpdateStage`); `stages` in a phase or at the top level is ignored, so `setStage`/`setActivePlayers`
 * put players in stages without moves, where they get the phase or global moves.
 */
export const stagesOutsideTurn: Rule = (ctx) => {
  const out: LintFinding[] = [];
  const report = (path: string, stages: unknown, turnPath: string) => {
    const names = isObject(stages) ? Object.keys(stages) : [];
    out.push(
      finding(
        'stages-outside-turn',
        path,
        `\`${path}\`${names.length ? ` (${list(names)})` : ''} is not read by boardgame.io: stages belong in a turn, so players sent to ${names.length === 1 ? 'this stage' : 'these stages'} get the phase or global moves; move it to \`${turnPath}.stages\`.`,
      ),
    );
  };
  const config = ctx.config as Record<string, unknown>;
  if (config.stages !== undefined) report('stages', config.stages, 'turn');
  if (isObject(config.phases)) {
    for (const [name, phase] of Object.entries(config.phases)) {
      if (isObject(phase) && phase.stages !== undefined) report(`phases.${name}.stages`, phase.stages, `phases.${name}.turn`);
    }
  }
  return out;
};
