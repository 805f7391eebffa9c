import { normaliseConfig } from '../config/normalise';
import { GAMEOVER, NO_PHASE, type ChartEdge, type ChartModel } from '../chart/model';
import type { StepRecord } from '../session/session';
import type { Transition } from '../trace/types';
import type { GameConfig } from '../types';

export type CoverageKind = 'phase' | 'turn' | 'stage' | 'move' | 'edge';

/**
 * How often each part of the chart was reached. Ids are the chart's own: `phase:<key>`,
 * `turn:<key>` (the turn order in force in that phase), `stage:<key>/<stage>`, `move:<config path>`,
 * `gameover` and the chart model's edge ids, so a view can paint them on the chart.
 */
export type CoverageCounts = Record<string, number>;

export interface CoverageItem {
  id: string;
  kind: CoverageKind;
  label: string;
  count: number;
  /** Declared by the config (or drawn from it), as opposed to first seen at run time. */
  declared: boolean;
}

export interface CoverageSummary {
  items: CoverageItem[];
  /** Declared items no run reached. */
  neverReached: CoverageItem[];
}

const bump = (counts: CoverageCounts, id: string, by = 1) => {
  counts[id] = (counts[id] ?? 0) + by;
};

export const coverageId = {
  phase: (key: string) => `phase:${key}`,
  turn: (key: string) => `turn:${key}`,
  stage: (key: string, stage: string) => `stage:${key}/${stage}`,
  move: (path: string) => `move:${path}`,
};

const isPhaseEdge = (e: ChartEdge) => e.kind !== 'turn' && e.kind !== 'stage-next' && e.kind !== 'start';

/**
 * The phase edges a step took from `from` to `to`: the static ones (a phase's `next`) and those whose
 * function its causes name (the `endIf` that ended the phase); else the first one drawn.
 */
function phaseEdges(model: ChartModel, from: string, to: string, causes: string[], entries: StepRecord['trace']['entries']): ChartEdge[] {
  const candidates = model.edges.filter((e) => isPhaseEdge(e) && e.source === from && e.target === to);
  // A `next` function chose the target when it ran in the step and returned it.
  const chose = (e: ChartEdge) => e.kind === 'next-fn' && entries.some((x) => x.fn === e.fn && x.returned === e.target);
  const taken = candidates.filter((e) => !e.dynamic || chose(e) || (e.fn && causes.some((c) => c.includes(e.fn!))));
  return taken.length ? taken : candidates.slice(0, 1);
}

/** Adds what one step reached to `counts`; `previous` is the step before it (null for step 0). */
export function countStep(counts: CoverageCounts, model: ChartModel, step: StepRecord, previous: StepRecord | null): void {
  const kept = step.trace.transitions.filter((t) => !t.rolledBack);
  const before = previous ? (previous.ctx.gameover !== undefined ? GAMEOVER : (previous.ctx.phase ?? NO_PHASE)) : null;
  const after = step.ctx.gameover !== undefined ? GAMEOVER : (step.ctx.phase ?? NO_PHASE);
  const begun = kept.filter((t) => t.type === 'phase-begin').map((t) => t.phase ?? NO_PHASE);
  for (const key of begun) bump(counts, coverageId.phase(key));
  if (after === GAMEOVER && before !== GAMEOVER) bump(counts, GAMEOVER);
  // boardgame.io's loop guard can leave a phase without any phase-begin: count the arrival anyway.
  if (after !== GAMEOVER && after !== before && begun[begun.length - 1] !== after) bump(counts, coverageId.phase(after));
  for (const t of kept) {
    if (t.type === 'turn-begin') bump(counts, coverageId.turn(t.phase ?? NO_PHASE));
    if (t.type === 'stage' && typeof t.to === 'string') bump(counts, coverageId.stage(t.phase ?? NO_PHASE, t.to));
  }
  if (step.ok) for (const e of step.trace.entries) if (e.kind === 'move') bump(counts, coverageId.move(e.fn));
  countTurnPasses(counts, model, kept);
  if (!previous) {
    for (const e of model.edges) if (e.kind === 'start') bump(counts, e.id);
    // The game's creation records no stage transitions: count the stages it starts players in.
    for (const stage of Object.values(step.ctx.activePlayers ?? {}))
      if (typeof stage === 'string') bump(counts, coverageId.stage(step.ctx.phase ?? NO_PHASE, stage));
    return;
  }
  const causes = kept.map((t) => t.cause);
  const ended = kept.filter((t) => t.type === 'phase-end').map((t) => t.phase ?? NO_PHASE);
  if (before !== null && (before !== after || ended.length)) {
    const mentioned = kept.filter((t) => t.type === 'phase-end' || t.type === 'phase-begin').map((t) => t.phase ?? NO_PHASE);
    const path = [before, ...mentioned, after];
    const hops = path.filter((p, i) => i === 0 || p !== path[i - 1]);
    for (let i = 0; i + 1 < hops.length; i++) {
      // A phase that ended towards a phase the loop guard then left at once shows no arrival: its static `next` was taken.
      let edges = phaseEdges(model, hops[i], hops[i + 1], causes, step.trace.entries);
      if (!edges.length && ended.includes(hops[i])) edges = model.edges.filter((e) => e.kind === 'next' && e.source === hops[i]);
      for (const edge of edges) bump(counts, edge.id);
    }
  }
  for (const t of kept) {
    if (t.type !== 'stage' || typeof t.from !== 'string' || typeof t.to !== 'string') continue;
    const edge = model.edges.find(
      (e) => e.kind === 'stage-next' && e.phase === (t.phase ?? NO_PHASE) && e.source === t.from && e.target === t.to,
    );
    if (edge) bump(counts, edge.id);
  }
}

/**
 * Each time the turn passed within a phase (a turn began right after a turn of the same phase
 * ended, not as a phase's first turn), in any step: setup and a step that also changes phase
 * (dealing by passing the turn from `turn.onBegin`, then moving on) pass turns too.
 */
function countTurnPasses(counts: CoverageCounts, model: ChartModel, kept: readonly Transition[]): void {
  let last: Transition | undefined;
  for (const t of kept) {
    if (t.type === 'stage') continue;
    if (t.type === 'turn-begin' && last?.type === 'turn-end' && last.phase === t.phase) {
      const phase = t.phase ?? NO_PHASE;
      for (const e of model.edges) if (e.kind === 'turn' && e.phase === phase) bump(counts, e.id);
    }
    last = t;
  }
}

/** Adds `more` into `into`. */
export function mergeCounts(into: CoverageCounts, more: CoverageCounts): CoverageCounts {
  for (const [id, n] of Object.entries(more)) bump(into, id, n);
  return into;
}

/** Every item of the chart (and every declared move) with its count; declared ones never reached listed apart. */
export function summariseCoverage(model: ChartModel, config: GameConfig, counts: CoverageCounts): CoverageSummary {
  const items: CoverageItem[] = [];
  const seen = new Set<string>();
  const add = (id: string, kind: CoverageKind, label: string, declared: boolean) => {
    if (seen.has(id)) return;
    seen.add(id);
    items.push({ id, kind, label, count: counts[id] ?? 0, declared });
  };
  const hasPhases = model.phases.some((p) => p.key !== NO_PHASE);
  for (const p of model.phases) {
    // With named phases, never being in no phase at all is the normal case, not a gap.
    const declared = p.declared && !(hasPhases && p.key === NO_PHASE);
    add(coverageId.phase(p.key), 'phase', p.name === null ? '(no phase)' : `phase ${p.name}`, declared);
    add(coverageId.turn(p.key), 'turn', `turn in ${p.name ?? '(no phase)'}: ${p.turn.order.label}`, declared);
    for (const s of p.turn.stages)
      add(coverageId.stage(p.key, s.name), 'stage', `stage ${s.name} (${p.name ?? 'no phase'})`, declared && s.declared);
  }
  if (model.edges.some((e) => e.target === GAMEOVER)) add(GAMEOVER, 'phase', 'game over', true);
  let moves: string[] = [];
  try {
    moves = normaliseConfig(config)
      .functions.filter((f) => f.kind === 'move')
      .map((f) => f.path);
  } catch {
    moves = [];
  }
  for (const path of moves) add(coverageId.move(path), 'move', path, true);
  // The no-phase state's own edges count only where some phase can lead to it.
  const noPhaseReachable = !hasPhases || model.edges.some((e) => e.target === NO_PHASE && e.source !== NO_PHASE);
  for (const e of model.edges)
    add(e.id, 'edge', `${e.source} → ${e.target} (${e.label})`, e.kind !== 'observed' && (e.source !== NO_PHASE || noPhaseReachable));
  for (const id of Object.keys(counts)) {
    if (seen.has(id)) continue;
    const kind = id.split(':')[0] as CoverageKind;
    add(id, (['phase', 'turn', 'stage', 'move'] as string[]).includes(kind) ? kind : 'edge', id, false);
  }
  return { items, neverReached: items.filter((i) => i.declared && i.count === 0) };
}
