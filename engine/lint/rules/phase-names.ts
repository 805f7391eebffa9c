import { finding, list, type LintFinding } from '../codes';
import { eventCalls } from '../source';
import { distinctFunctions, type Rule } from './context';

/** `multiple-start`: boardgame.io keeps the last phase with `start: true` (ProcessGameConfig's loop overwrites). */
export const multipleStart: Rule = (ctx) => {
  const starts = ctx.declared.filter((p) => p.start).map((p) => p.name as string);
  if (starts.length < 2) return [];
  const last = starts[starts.length - 1];
  return [
    finding(
      'multiple-start',
      `phases.${last}.start`,
      `Phases ${list(starts)} ${starts.length === 2 ? 'both' : 'all'} have \`start: true\`, and boardgame.io silently starts the game in the last one, \`${last}\`; keep \`start: true\` on one phase only.`,
    ),
  ];
};

/** `unknown-next-phase`: a static `next` naming no declared phase. */
export const unknownNextPhase: Rule = (ctx) =>
  ctx.declared.flatMap((p) =>
    p.next?.kind === 'static' && !ctx.phaseNames.includes(p.next.phase)
      ? [
          finding(
            'unknown-next-phase',
            `phases.${p.name}.next`,
            `Phase \`${p.name}\` has \`next: '${p.next.phase}'\`, but there is no phase \`${p.next.phase}\` (phases: ${list(ctx.phaseNames)}), so boardgame.io's reducer throws (\`Cannot read properties of undefined (reading 'wrapped')\`) when \`${p.name}\` ends; name one of the declared phases.`,
          ),
        ]
      : [],
  );

/** `unknown-set-phase`: `setPhase('X')` (literal) in any config function, X not a declared phase. */
export const unknownSetPhase: Rule = (ctx) => {
  const out: LintFinding[] = [];
  for (const f of distinctFunctions(ctx)) {
    const names = new Set<string>();
    for (const call of eventCalls(f.source, ['setPhase'])) {
      if (call.literal === undefined || ctx.phaseNames.includes(call.literal) || names.has(call.literal)) continue;
      names.add(call.literal);
      const known = ctx.phaseNames.length ? `phases: ${list(ctx.phaseNames)}` : 'the game declares no phases';
      out.push(
        finding(
          'unknown-set-phase',
          f.path,
          `\`${f.path}\` calls \`setPhase('${call.literal}')\`, but there is no phase \`${call.literal}\` (${known}); boardgame.io would end the current phase, log \`invalid phase: ${call.literal}\` and leave the game in no phase, so fix the name.`,
        ),
      );
    }
  }
  return out;
};
