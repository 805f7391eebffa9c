/* eslint-disable @typescript-eslint/no-explicit-any -- configs written for releases 0.26 to 0.49 are read as data of whatever shape their authors gave them. */
/**
 * A flow-era game's phases as 0.50's `phases`: `startingPhase` as `start`, `endPhaseIf` as `endIf`,
 * the phase hooks, where each phase goes next, and a phase's own turn keys as its `turn`.
 */
import { fnInfo, type FlowPhase } from '../analysis/config-functions';
import type { PhaseEntry } from '../adapters/wrap';
import type { Builder } from './builder';
import type { MoveTables } from './move-tables';
import { q } from './notes';
import { previousPhases } from './phase-next';
import { isFn, type Entry, type Fn } from './plan-tree';
import { planTurn, TURN_KEYS } from './turn';

/** What every phase's plan shares. */
interface PhaseContext {
  b: Builder;
  flow: Record<string, any>;
  phases: FlowPhase[];
  /** Each phase's `next` (0.27–0.32); null in 0.26, where a phase went to the next in the array. */
  nexts: Map<string, string | null> | null;
  /** The phases whose `endPhaseIf` reads what their `onPhaseBegin` sets, with those fields. */
  guardedPhases: Map<string, string[]>;
  /** Set when the phases must tell the turn and `endIf` that a phase began (see `PhaseEntry`). */
  entry: PhaseEntry | null;
  table: MoveTables;
  v26: boolean;
}

/**
 * Phases whose `endPhaseIf` reads what their `onPhaseBegin` sets (0.33+ checks `endIf` first, ≤0.32
 * ran `onPhaseBegin` first), with the fields they share.
 */
export function phasesReadingOnBegin(phases: FlowPhase[]): Map<string, string[]> {
  const guardedPhases = new Map<string, string[]>();
  for (const p of phases) {
    if (!isFn(p.config.endPhaseIf) || !isFn(p.config.onPhaseBegin)) continue;
    const shared = sharedFields(p.config.onPhaseBegin, p.config.endPhaseIf);
    if (shared.length) guardedPhases.set(p.name, shared);
  }
  return guardedPhases;
}

/** 0.50's `phases` entry, and each phase's `next` (null in 0.26) for the steps that follow. */
export function planPhases(
  b: Builder,
  flow: Record<string, any>,
  phases: FlowPhase[],
  moves: Record<string, unknown>,
  guardedPhases: Map<string, string[]>,
  table: MoveTables,
): { entry: Entry; nexts: Map<string, string | null> | null } {
  const v26 = b.era === 'flow-0.26';
  if (v26)
    b.note(
      'info',
      'phases-array',
      'flow.phases',
      '`flow.phases` is an array (≤0.26): each phase is a `phases` entry since 0.27, and ending one went to the next in the array, which is its `next` now.',
      'phases',
    );
  const nexts = v26 ? null : previousPhases(flow, phases, moves, b);
  const ctx: PhaseContext = { b, flow, phases, nexts, guardedPhases, entry: b.entry, table, v26 };
  const phaseEntries: Entry[] = [];
  phases.forEach((p, i) => {
    const planned = planPhase(ctx, p, i);
    if (planned) phaseEntries.push(planned);
  });
  return { entry: { key: 'phases', node: { t: 'obj', entries: phaseEntries }, path: 'phases' }, nexts };
}

/** One phase (the `i`th of the array in 0.26), or null for 0.27–0.32's refused `default` phase. */
function planPhase(ctx: PhaseContext, p: FlowPhase, i: number): Entry | null {
  const { b, flow, phases, nexts, v26 } = ctx;
  const to = `phases.${p.name}`;
  const c = p.config;
  if (!v26 && p.name === 'default') {
    b.note(
      'info',
      'default-phase',
      p.path,
      '`flow.phases.default`: boardgame.io 0.27–0.32 refused a phase named `default` and replaced it with an empty one; it is the no-phase state (top-level `moves` and `turn`) in 0.50, so it is left out.',
    );
    return null;
  }
  const pe: Entry[] = [];
  const start = v26 ? i === 0 : flow.startingPhase === p.name;
  if (start) {
    pe.push({ key: 'start', node: { t: 'lit', value: true }, path: `${to}.start` });
    if (!v26)
      b.note(
        'info',
        'startingPhase',
        'flow.startingPhase',
        `\`flow.startingPhase: '${p.name}'\` is \`start: true\` on ${q(to)} since 0.33.`,
        `${to}.start`,
      );
  }
  const mt = ctx.table({
    allowed: c.allowedMoves ?? flow.allowedMoves,
    allowedFrom: c.allowedMoves !== undefined ? `${p.path}.allowedMoves` : 'flow.allowedMoves',
    undoable: c.undoableMoves ?? flow.undoableMoves,
    undoableFrom: c.undoableMoves !== undefined ? `${p.path}.undoableMoves` : 'flow.undoableMoves',
    to: `${to}.moves`,
    always: false,
  });
  if (mt) pe.push({ key: 'moves', node: mt, path: `${to}.moves` });
  pe.push(...phaseEndIf(ctx, p, to), ...phaseHooks(ctx, p, to));
  const next = v26 ? phases[(i + 1) % phases.length].name : (nexts as Map<string, string | null>).get(p.name);
  if (next)
    pe.push({
      key: 'next',
      node: typeof c.next === 'string' && c.next === next ? { t: 'keep', value: next, from: `${p.path}.next` } : { t: 'lit', value: next },
      path: `${to}.next`,
    });
  if (TURN_KEYS.some((k) => c[k] !== undefined)) {
    const merged = Object.fromEntries(TURN_KEYS.map((k) => [k, c[k] !== undefined ? c[k] : flow[k]]));
    const phaseTurn = planTurn(b, merged, (key) => (c[key] !== undefined ? `${p.path}.${key}` : `flow.${key}`), `${to}.turn`, true);
    pe.push({ key: 'turn', node: phaseTurn, path: `${to}.turn` });
  }
  return { key: p.name, node: { t: 'obj', entries: pe }, path: to };
}

/** `endPhaseIf` as the phase's `endIf`; it waits for `onBegin` where it reads what `onBegin` sets. */
function phaseEndIf(ctx: PhaseContext, p: FlowPhase, to: string): Entry[] {
  const { b, entry, guardedPhases } = ctx;
  const c = p.config;
  const guarded = entry && guardedPhases.has(p.name);
  if (!isFn(c.endPhaseIf)) return [];
  const info = fnInfo(c.endPhaseIf);
  b.note(
    'info',
    'endPhaseIf',
    `${p.path}.endPhaseIf`,
    `${q(`${p.path}.endPhaseIf`)} is ${q(`${to}.endIf`)} since 0.33${info.returnsNext ? ' (returning `{ next }` still chooses the phase)' : ''}.`,
    `${to}.endIf`,
  );
  if (info.returnedStrings.length)
    b.note(
      'info',
      'endPhaseIf-next',
      `${p.path}.endPhaseIf`,
      `${q(`${p.path}.endPhaseIf`)} returns a phase name (≤0.26): it returns \`{ next: '${info.returnedStrings[0]}' }\` in 0.50.`,
      `${to}.endIf`,
    );
  const endIf = b.fn(c.endPhaseIf, 'trigger', `${p.path}.endPhaseIf`, `${to}.endIf`, { kind: 'endPhaseIf' });
  if (guarded) {
    const shared = guardedPhases.get(p.name)!;
    b.note(
      'decision',
      'endPhaseIf',
      `${p.path}.endPhaseIf`,
      `${q(`${p.path}.endPhaseIf`)} reads ${shared.map((f) => `\`G.${f}\``).join(', ')}, which \`onPhaseBegin\` sets: ≤0.32 ran \`onPhaseBegin\` before checking \`endPhaseIf\`, 0.33+ checks the new phase's \`endIf\` first (and ends the phase at once, or loops to no phase). The migrated config waits for \`onBegin\`; in the source, reset ${shared.length === 1 ? 'it' : 'them'} where the previous phase ends (its \`onEnd\` or the move that ends it), or make \`endIf\` true only once the phase has begun.`,
      `${to}.endIf`,
    );
  }
  return [{ key: 'endIf', node: guarded ? { t: 'phaseEndIf', endIf, entry } : endIf, path: `${to}.endIf` }];
}

/** `onPhaseBegin` / `onPhaseEnd` as `onBegin` / `onEnd`, telling the phase entry when one is kept. */
function phaseHooks(ctx: PhaseContext, p: FlowPhase, to: string): Entry[] {
  const { b, entry } = ctx;
  const c = p.config;
  const out: Entry[] = [];
  for (const [old, key] of [
    ['onPhaseBegin', 'onBegin'],
    ['onPhaseEnd', 'onEnd'],
  ] as const) {
    const hook = isFn(c[old]) ? b.fn(c[old], 'hook', `${p.path}.${old}`, `${to}.${key}`) : undefined;
    if (hook) b.note('info', old, `${p.path}.${old}`, `${q(`${p.path}.${old}`)} is ${q(`${to}.${key}`)} since 0.33.`, `${to}.${key}`);
    if (entry)
      out.push({
        key,
        node: { t: 'phaseHook', which: key === 'onBegin' ? 'begin' : 'end', ...(hook ? { hook } : {}), entry },
        path: `${to}.${key}`,
      });
    else if (hook) out.push({ key, node: hook, path: `${to}.${key}` });
  }
  return out;
}

/** Fields of `G` that `writer` sets (`G.x = …`, `G.x++`, `{ ...G, x: … }`) and `reader` reads (`G.x`). */
function sharedFields(writer: Fn, reader: Fn): string[] {
  const w = fnInfo(writer);
  const r = fnInfo(reader);
  const g = w.gName ?? 'G';
  const esc = (name: string) => name.replace(/\$/g, '\\$');
  const written = new Set<string>();
  for (const m of w.source.matchAll(new RegExp(`(?<![\\w$.])${esc(g)}\\.([\\w$]+)\\s*(?:=(?!=)|\\+\\+|--|[-+*/]=)`, 'g')))
    written.add(m[1]);
  if (new RegExp(`\\.\\.\\.\\s*${esc(g)}\\b`).test(w.source)) for (const m of w.source.matchAll(/[{,]\s*([\w$]+)\s*:/g)) written.add(m[1]);
  const rg = r.gName ?? 'G';
  const read = new Set<string>();
  for (const m of r.source.matchAll(new RegExp(`(?<![\\w$.])${esc(rg)}\\.([\\w$]+)`, 'g'))) read.add(m[1]);
  return [...written].filter((f) => read.has(f));
}
