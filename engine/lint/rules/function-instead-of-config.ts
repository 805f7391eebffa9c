import { finding, type LintFinding } from '../codes';
import type { Rule } from './context';

const isFn = (v: unknown) => typeof v === 'function';
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * `function-instead-of-config`: boardgame.io reads `phases`, each phase, `turn`, `stages` and each
 * stage as plain objects and never calls a function there (`ProcessGameConfig`, `flow.ts`); a
 * factory written in their place (`phases: { play: () => ({ … }) }`) is a phase with no settings.
 */
export const functionInsteadOfConfig: Rule = (ctx) => {
  const out: LintFinding[] = [];
  const report = (path: string, what: string) =>
    out.push(
      finding(
        'function-instead-of-config',
        path,
        `\`${path}\` is a function, but boardgame.io reads ${what} as an object and never calls it, so it has no effect; write the object itself (call the function: \`${path.split('.').pop()}: make…()\`).`,
      ),
    );
  const config = ctx.config as Record<string, unknown>;
  const turn = (value: unknown, path: string) => {
    if (isFn(value)) return report(path, 'a turn');
    if (!isObject(value)) return;
    if (isFn(value.stages)) report(`${path}.stages`, 'the stages');
    else if (isObject(value.stages))
      for (const [name, stage] of Object.entries(value.stages)) if (isFn(stage)) report(`${path}.stages.${name}`, 'a stage');
  };
  if (isFn(config.phases)) report('phases', 'the phases');
  else if (isObject(config.phases)) {
    for (const [name, phase] of Object.entries(config.phases)) {
      if (isFn(phase)) report(`phases.${name}`, 'a phase');
      else if (isObject(phase)) turn(phase.turn, `phases.${name}.turn`);
    }
  }
  turn(config.turn, 'turn');
  return out;
};
