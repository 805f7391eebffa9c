import { eventTargets, nameScopeOf } from '../name-scope';
import { finding, list, type LintFinding } from '../codes';
import { eventCalls, hasComputedNextProperty } from '../source';
import type { LintContext, Rule } from './context';

/** A way into a phase: from a phase (live once that phase is entered) or from top-level code (`from: null`, always live). */
export interface PhaseEdge {
  from: string | null;
  to: string;
  /** What makes the transition, for messages: `its static next`, `phases.a.endIf`, `setPhase in moves.go`. */
  via: string;
}

export interface Reachability {
  edges: PhaseEdge[];
  /** Transitions whose target is computed: any phase could follow. */
  dynamic: { path: string; what: string; fix: string }[];
  /** Declared phases the game can enter (all of them when a transition is dynamic). */
  reached: Set<string>;
  /** Whether the game can be in no phase (its global moves and top-level `turn` then apply). */
  nullReachable: boolean;
  /** Why it can, or why not, as a clause for messages. */
  nullReason: string;
}

const memo = new WeakMap<LintContext, Reachability>();

/**
 * Which phases the game can enter, following boardgame.io's transitions: the start phase (the
 * last with `start: true`), static `next`, the phase names a `next` function or an `endIf` source
 * mentions, and `setPhase('X')` literals (live when the phase whose function calls it is entered;
 * top-level functions count as always live).
 */
export function reachability(ctx: LintContext): Reachability {
  const cached = memo.get(ctx);
  if (cached) return cached;
  const edges: PhaseEdge[] = [];
  const dynamic: Reachability['dynamic'] = [];
  const unknownSetPhase: string[] = [];
  // Fix texts show one of the game's own phases, never one it does not have.
  const example = JSON.stringify(ctx.phaseNames[0] ?? 'next').replace(/^"|"$/g, "'");
  const scope = nameScopeOf(ctx.config);

  for (const p of ctx.declared) {
    const name = p.name as string;
    if (p.next?.kind === 'static' && ctx.phaseNames.includes(p.next.phase))
      edges.push({ from: name, to: p.next.phase, via: `\`phases.${name}.next\`` });
    if (p.next?.kind === 'function') {
      if (p.next.candidates.length === 0)
        dynamic.push({
          path: p.next.fn,
          what: 'returns a phase name that is not written in it as a string literal',
          fix: `return phase names as string literals (\`${example}\`) or constants of the module where you can`,
        });
      for (const to of p.next.candidates) edges.push({ from: name, to, via: `\`${p.next.fn}\`` });
    }
    if (p.endIf) {
      for (const to of p.endIf.candidates) edges.push({ from: name, to, via: `\`${p.endIf.fn}\`` });
      const fn = ctx.functions.find((f) => f.path === p.endIf!.fn);
      if (fn && p.endIf.candidates.length === 0 && hasComputedNextProperty(fn.source)) {
        dynamic.push({
          path: p.endIf.fn,
          what: 'returns `{ next }` with a phase name that is not written in it as a string literal',
          fix: `return \`{ next: ${example} }\` with a string literal where you can`,
        });
      }
    }
  }
  for (const f of ctx.functions) {
    for (const call of eventCalls(f.source, ['setPhase'])) {
      if (call.literal !== undefined) {
        if (ctx.phaseNames.includes(call.literal))
          edges.push({ from: f.phase, to: call.literal, via: `\`setPhase('${call.literal}')\` in \`${f.path}\`` });
        else unknownSetPhase.push(f.path);
      } else if (call.computed && !dynamic.some((d) => d.path === f.path)) {
        // A constant of the game's module (`setPhase(Phases.PLAY)`) names its phase as a literal would.
        const named = eventTargets(f.fn, 'setPhase', scope).filter((n) => ctx.phaseNames.includes(n));
        if (named.length) for (const to of named) edges.push({ from: f.phase, to, via: `\`setPhase\` in \`${f.path}\`` });
        else
          dynamic.push({
            path: f.path,
            what: 'calls `setPhase` with a computed phase name',
            fix: `call \`setPhase(${example})\` with a string literal where you can`,
          });
      }
    }
  }

  const reached = new Set<string>();
  if (dynamic.length) ctx.phaseNames.forEach((n) => reached.add(n));
  else {
    if (ctx.start) reached.add(ctx.start);
    let grew = true;
    while (grew) {
      grew = false;
      for (const e of edges) {
        if ((e.from === null || reached.has(e.from)) && !reached.has(e.to)) {
          reached.add(e.to);
          grew = true;
        }
      }
    }
  }

  let nullReachable = true;
  let nullReason: string;
  if (ctx.declared.length === 0) nullReason = 'the game declares no phases';
  else if (ctx.start === null) nullReason = 'no phase has `start: true`, so the game begins in no phase';
  else {
    const open = ctx.declared.find((p) => reached.has(p.name as string) && (p.next === null || p.next.kind === 'function'));
    if (open)
      nullReason =
        open.next === null
          ? `phase \`${open.name}\` has no \`next\`, so the game is in no phase once it ends`
          : `\`${open.next!.kind === 'function' ? open.next.fn : ''}\` may return no phase`;
    else if (unknownSetPhase.length) nullReason = `\`${unknownSetPhase[0]}\` calls \`setPhase\` with an unknown phase`;
    else {
      nullReachable = false;
      nullReason = `the game starts in \`${ctx.start}\` and every phase it can enter has a static \`next\`, so it is never in no phase`;
    }
  }

  const result = { edges, dynamic, reached, nullReachable, nullReason };
  memo.set(ctx, result);
  return result;
}

/** `unreachable-phase` (warning) and `dynamic-next` (info). */
export const unreachablePhases: Rule = (ctx) => {
  const r = reachability(ctx);
  if (r.dynamic.length) {
    return r.dynamic.map((d) =>
      finding(
        'dynamic-next',
        d.path,
        `\`${d.path}\` ${d.what}, so any phase could follow and unreachable phases are not reported; ${d.fix}.`,
      ),
    );
  }
  const out: LintFinding[] = [];
  for (const p of ctx.declared) {
    const name = p.name as string;
    if (r.reached.has(name)) continue;
    const into = r.edges.filter((e) => e.to === name && e.from !== name);
    const moves = !p.moves?.length
      ? ''
      : p.moves.length === 1
        ? ` (its move \`${p.moves[0]}\` is never offered)`
        : ` (its moves ${list(p.moves)} are never offered)`;
    const fix = `mark it \`start: true\`, name it in a reachable phase's \`next\`, or remove it`;
    if (into.length === 0) {
      out.push(
        finding(
          'unreachable-phase',
          `phases.${name}`,
          `Phase \`${name}\` is never entered${moves}: it is not the start phase and no \`next\`, \`endIf\` or \`setPhase('${name}')\` in the game leads to it; ${fix}.`,
        ),
      );
    } else {
      const from = [...new Set(into.map((e) => e.from as string))];
      out.push(
        finding(
          'unreachable-phase',
          `phases.${name}`,
          `Phase \`${name}\` is never entered${moves}: only ${from.length === 1 ? 'phase' : 'phases'} ${list(from)} ${from.length === 1 ? 'leads' : 'lead'} to it (${[...new Set(into.map((e) => e.via))].join(', ')}), and ${from.length === 1 ? 'it is' : 'they are'} never entered either; ${fix}.`,
        ),
      );
    }
  }
  return out;
};
