import { finding, type LintFinding } from '../codes';
import type { Rule } from './context';

// `() => true`, `function () { return true; }`, `() => ({ next: 'b' })`: an endIf that reads nothing.
const CONSTANT_TRUE =
  /^(?:async\s*)?(?:function\s*\w*\s*)?\(\s*\)\s*(?:=>)?\s*(?:\{\s*return\s+)?\(?\s*(?:true|!0|1|\{\s*next\s*:[^}]*\})\s*\)?\s*;?\s*\}?\s*$/;

const NEXT_RETURNED = /\{\s*next\s*:\s*(['"`])([^'"`]+)\1/;

/**
 * `end-if-on-entry` (static part): a phase whose `endIf` is constantly true ends as soon as it
 * begins, before any move (boardgame.io checks `endIf` right after `onBegin`). The run-time part,
 * an `endIf` seen true on entry in a seeded run, is in `lint-by-running/lint-by-running.ts`.
 */
export const endIfOnEntry: Rule = (ctx) => {
  const out: LintFinding[] = [];
  for (const phase of ctx.declared) {
    const path = `phases.${phase.name}.endIf`;
    const fn = ctx.functions.find((f) => f.path === path);
    if (!fn || !CONSTANT_TRUE.test(fn.source.trim())) continue;
    // `{ next: 'x' }` from endIf names the next phase, whatever the phase's own `next` says.
    const named = NEXT_RETURNED.exec(fn.source)?.[2];
    const then =
      named !== undefined
        ? `it hands over to phase \`${named}\` (its endIf returns { next }); if that phase also ends on entry, boardgame.io’s loop guard leaves the game in no phase`
        : phase.next === null
          ? 'with no `next` the game then has no phase'
          : 'if its next phase also ends on entry, boardgame.io’s loop guard leaves the game in no phase';
    out.push(
      finding(
        'end-if-on-entry',
        path,
        `\`${path}\` is always true, so phase \`${phase.name}\` ends the moment it begins, before any move; ${then}. Make it depend on G or ctx, unless the phase only routes to another.`,
      ),
    );
  }
  return out;
};
