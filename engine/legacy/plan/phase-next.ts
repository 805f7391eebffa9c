/* eslint-disable @typescript-eslint/no-explicit-any -- configs written for releases 0.26 to 0.49 are read as data of whatever shape their authors gave them. */
/**
 * Where a 0.27–0.32 phase goes when it ends: its `next`, or the phase it was entered from
 * (`prevPhase`, at first the implicit `default` phase, which is 0.50's no-phase state).
 */
import { fnInfo, type FlowPhase } from '../analysis/config-functions';
import type { Builder } from './builder';
import { q } from './notes';
import { isFn } from './plan-tree';

/**
 * The `next` of each phase in 0.27–0.32, where a phase without `next` went back to the phase it
 * was entered from (`prevPhase`; at first the implicit `default` phase). Known when every way into
 * the phase comes from one place; otherwise a decision note.
 */
export function previousPhases(
  flow: Record<string, any>,
  phases: FlowPhase[],
  specMoves: Record<string, unknown>,
  b: Builder,
): Map<string, string | null> {
  const { into, dynamic } = waysInto(flow, phases, specMoves);
  const out = new Map<string, string | null>();
  for (const p of phases) {
    if (typeof p.config.next === 'string') {
      out.set(p.name, p.config.next === 'default' ? null : p.config.next);
      if (p.config.next === 'default')
        b.note(
          'info',
          'default-phase',
          `${p.path}.next`,
          `\`next: 'default'\`: the \`default\` phase is the no-phase state in 0.50 (no \`next\`).`,
          `phases.${p.name}`,
        );
      continue;
    }
    const from = [...into.get(p.name)!];
    if (dynamic) {
      out.set(p.name, null);
      b.note(
        'decision',
        'default-phase',
        p.path,
        `Phase \`${p.name}\` has no \`next\`: in 0.27–0.32 ending it went back to the phase it was entered from, but ${q(dynamic)} chooses phases at run time, so Flowscope cannot tell which; 0.50 goes to no phase: set \`next\` (or call \`setPhase\`).`,
        `phases.${p.name}`,
      );
    } else if (from.length === 1) {
      const back = from[0];
      out.set(p.name, back === 'default' ? null : back);
      b.note(
        'info',
        'default-phase',
        p.path,
        back === 'default'
          ? `Phase \`${p.name}\` has no \`next\`: in 0.27–0.32 ending it went back to the implicit \`default\` phase, which is the no-phase state in 0.50 (the same so far); but ending \`default\` then went back to \`${p.name}\`, while in 0.50 the game stays in no phase (\`endPhase\` there only passes the turn): call \`setPhase('${p.name}')\` where the game should come back.`
          : `Phase \`${p.name}\` has no \`next\`: in 0.27–0.32 ending it went back to the phase it was entered from, always \`${back}\` here, so it gets \`next: '${back}'\` (0.50 would go to no phase).`,
        `phases.${p.name}`,
      );
    } else {
      out.set(p.name, null);
      b.note(
        'decision',
        'default-phase',
        p.path,
        `Phase \`${p.name}\` has no \`next\`: in 0.27–0.32 ending it went back to the phase it was entered from, which can be ${from.map((f) => `\`${f}\``).join(' or ')} here; 0.50 needs one \`next\` (a function of \`G\` can choose) or a \`setPhase\` call; without it the game goes to no phase.`,
        `phases.${p.name}`,
      );
    }
  }
  return out;
}

/**
 * The phases each phase can be entered from (`default` is the no-phase state): `startingPhase`,
 * `next`, the targets that `endPhaseIf` returns and `endPhase` calls name in the code that runs in
 * the phase, and, for a phase without `next`, the phases it returns to. `dynamic` is the first
 * place that chooses a phase at run time.
 */
function waysInto(
  flow: Record<string, any>,
  phases: FlowPhase[],
  specMoves: Record<string, unknown>,
): { into: Map<string, Set<string>>; dynamic: string | null } {
  const names = phases.map((p) => p.name);
  const into = new Map<string, Set<string>>(names.map((n) => [n, new Set<string>()]));
  into.set('default', new Set());
  const edge = (from: string, to: string) => {
    if (into.has(to)) into.get(to)!.add(from);
  };
  const start = typeof flow.startingPhase === 'string' && names.includes(flow.startingPhase) ? flow.startingPhase : 'default';
  edge('default', start);
  let dynamic: string | null = null;
  // Targets named by endPhaseIf `{ next }` and by endPhase({ next }) calls in the code that runs in each phase.
  const targetsOf = (fn: unknown, where: string): string[] => {
    if (!isFn(fn)) return [];
    const info = fnInfo(fn);
    const out: string[] = [];
    for (const call of info.events) {
      if (call.event !== 'endPhase') continue;
      if (call.nextLiteral !== undefined) out.push(call.nextLiteral);
      else if (call.literal !== undefined) out.push(call.literal);
      else if (call.objectArg || call.computed) dynamic ??= where;
    }
    return out;
  };
  const allMoves = Object.keys(specMoves);
  for (const p of phases) {
    if (typeof p.config.next === 'string') edge(p.name, p.config.next);
    const endIf = p.config.endPhaseIf;
    if (isFn(endIf)) {
      const info = fnInfo(endIf);
      for (const target of nextLiterals(info.source)) edge(p.name, target);
      if (info.returnsNext && !nextLiterals(info.source).length) dynamic ??= `${p.path}.endPhaseIf`;
    }
    const code = [
      p.config.onPhaseBegin,
      p.config.onPhaseEnd,
      p.config.onTurnBegin ?? flow.onTurnBegin,
      p.config.onTurnEnd ?? flow.onTurnEnd,
      p.config.onMove ?? flow.onMove,
    ];
    for (const fn of code) for (const target of targetsOf(fn, p.path)) edge(p.name, target);
    // Moves run in every phase that allows them.
    const allowed = p.config.allowedMoves ?? flow.allowedMoves;
    const names = Array.isArray(allowed) ? allowed : allMoves;
    for (const name of names) for (const target of targetsOf(specMoves[name], `moves.${name}`)) edge(p.name, target);
  }
  // Returning phases: a phase without `next` goes back to any phase it can be entered from.
  for (let changed = true; changed;) {
    changed = false;
    for (const p of phases) {
      if (typeof p.config.next === 'string') continue;
      for (const back of [...into.get(p.name)!]) {
        const set = into.get(back);
        if (set && !set.has(p.name)) {
          set.add(p.name);
          changed = true;
        }
      }
    }
  }
  return { into, dynamic };
}

/** Phase names in `next: '…'` properties of a function's source. */
function nextLiterals(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/[{,]\s*next\s*:\s*(['"`])([^'"`]*)\1/g)) out.push(m[2]);
  return out;
}

/** Whether a 0.27–0.32 game can reach the implicit `default` phase (0.50's no-phase state). */
export function reachesNoPhase(
  flow: Record<string, any>,
  phases: { name: string; config: Record<string, any> }[],
  nexts: Map<string, string | null> | null,
  moves: Record<string, unknown>,
): boolean {
  const names = phases.map((p) => p.name);
  if (typeof flow.startingPhase !== 'string' || !names.includes(flow.startingPhase)) return true;
  if (phases.some((p) => p.name !== 'default' && (nexts?.get(p.name) ?? null) === null)) return true;
  const code = [
    ...[flow, ...phases.map((p) => p.config)].flatMap((c) => [
      c.endPhaseIf,
      c.onPhaseBegin,
      c.onPhaseEnd,
      c.onTurnBegin,
      c.onTurnEnd,
      c.onMove,
    ]),
    ...Object.values(moves),
  ];
  for (const fn of code) {
    if (!isFn(fn)) continue;
    const info = fnInfo(fn);
    if (
      nextLiterals(info.source).includes('default') ||
      info.events.some((e) => e.event === 'endPhase' && (e.nextLiteral === 'default' || e.literal === 'default'))
    )
      return true;
  }
  return false;
}
