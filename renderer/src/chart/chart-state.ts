/**
 * What the chart shows for one step, computed from the step's chart value and transitions and the
 * previous step's value: the active phase, where every player's token is, which stages and lanes
 * hold tokens, and which edges the step took. Pure and cheap: it runs on every step.
 */
import type { ChartEdge, ChartModel, ChartValue } from '../../../engine/host/protocol';

const NO_PHASE = '__nophase__';
const GAMEOVER = 'gameover';

export interface StepLike {
  chart: ChartValue;
  transitions: { type: string; phase: string | null; player?: string; cause: string }[];
  ctx?: { turn?: number; currentPlayer?: string };
}

export interface TokenSlot {
  phase: string;
  slot: string;
}

/** How tokens name their place (`data-slot`). */
export const slotName = (s: TokenSlot) => `${s.phase}/${s.slot}`;

export interface ChartHighlight {
  /** The phase key the step is in, `gameover`, or null before the step is known. */
  phase: string | null;
  /** Each player's place: phase key and slot as in the chart value (`gameover`/`none` at the end). */
  slots: Map<string, TokenSlot>;
  /** `<phaseKey>/<stage>` of every stage holding a token. */
  stages: Set<string>;
  /** Model edge ids the step took. */
  taken: Set<string>;
  currentPlayer: string | null;
}

export const EMPTY_HIGHLIGHT: ChartHighlight = { phase: null, slots: new Map(), stages: new Set(), taken: new Set(), currentPlayer: null };

export function phaseOf(value: ChartValue | undefined): string | null {
  if (value === undefined) return null;
  if (value === GAMEOVER) return GAMEOVER;
  return Object.keys(value)[0] ?? null;
}

/** Each player's place in a chart value. */
export function slotsOf(model: ChartModel, value: ChartValue): Map<string, TokenSlot> {
  const slots = new Map<string, TokenSlot>();
  const phase = phaseOf(value);
  const turn = value !== GAMEOVER && phase ? (value[phase]?.turn ?? {}) : {};
  const players = [...model.players, ...Object.keys(turn).filter((p) => !model.players.includes(p))];
  for (const p of players)
    slots.set(p, value === GAMEOVER || !phase ? { phase: GAMEOVER, slot: 'none' } : { phase, slot: turn[p] ?? 'waiting' });
  return slots;
}

const isPhaseEdge = (e: ChartEdge) => e.kind !== 'turn' && e.kind !== 'stage-next' && e.kind !== 'start';
const mentions = (text: string, word: string) =>
  new RegExp(`(^|[^A-Za-z0-9_$])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z0-9_$]|$)`).test(text);

/** The edge a run took from phase `from` to `to`: the one whose function, then label, the causes name; else a static one. */
export function pickPhaseEdge(model: ChartModel, from: string, to: string, causes: string[]): ChartEdge | null {
  const candidates = model.edges.filter((e) => isPhaseEdge(e) && e.source === from && e.target === to);
  if (!candidates.length) return null;
  const byFn = candidates.find((e) => e.fn && causes.some((c) => c.includes(e.fn!)));
  const byLabel = candidates.find((e) => causes.some((c) => mentions(c, e.label.replace(/\(\)$/, ''))));
  return byFn ?? byLabel ?? candidates.find((e) => !e.dynamic) ?? candidates.find((e) => e.observed) ?? candidates[0];
}

function takenEdges(model: ChartModel, current: StepLike, previous: StepLike | null): Set<string> {
  const taken = new Set<string>();
  if (!previous) {
    for (const e of model.edges) if (e.kind === 'start') taken.add(e.id);
    return taken;
  }
  const from = phaseOf(previous.chart);
  const to = phaseOf(current.chart);
  const phaseCauses = current.transitions
    .filter((t) => t.type === 'phase-end' || t.type === 'phase-begin' || t.type === 'game-end')
    .map((t) => t.cause);
  const causes = phaseCauses.length ? phaseCauses : current.transitions.map((t) => t.cause);
  if (from && to && from !== to) {
    // Phases the step went through, in order (a step can pass through several).
    const path = [from, ...current.transitions.filter((t) => t.type === 'phase-begin').map((t) => t.phase ?? NO_PHASE), to];
    const hops = path.filter((p, i) => i === 0 || p !== path[i - 1]);
    for (let i = 0; i + 1 < hops.length; i++) {
      const edge = pickPhaseEdge(model, hops[i], hops[i + 1], causes);
      if (edge) taken.add(edge.id);
    }
    return taken;
  }
  if (!from || from !== to || to === GAMEOVER) return taken;
  const turnPassed =
    current.transitions.some((t) => t.type === 'turn-begin') ||
    (previous.ctx?.turn !== undefined && current.ctx?.turn !== undefined && previous.ctx.turn !== current.ctx.turn);
  if (turnPassed) for (const e of model.edges) if (e.kind === 'turn' && e.phase === to) taken.add(e.id);
  // A player that moved from stage A to B along A's `next`.
  const before = previous.chart !== GAMEOVER ? (previous.chart[from]?.turn ?? {}) : {};
  const after = current.chart !== GAMEOVER ? (current.chart[to]?.turn ?? {}) : {};
  for (const [player, slot] of Object.entries(after)) {
    const was = before[player];
    if (!was?.startsWith('stage:') || !slot.startsWith('stage:') || was === slot) continue;
    const a = was.slice(6);
    const b = slot.slice(6);
    const edge = model.edges.find((e) => e.kind === 'stage-next' && e.phase === to && e.source === a && e.target === b);
    if (edge) taken.add(edge.id);
  }
  return taken;
}

export function computeHighlight(model: ChartModel, current: StepLike | null, previous: StepLike | null): ChartHighlight {
  if (!current) return EMPTY_HIGHLIGHT;
  const slots = slotsOf(model, current.chart);
  const stages = new Set<string>();
  for (const { phase, slot } of slots.values()) if (slot.startsWith('stage:')) stages.add(`${phase}/${slot.slice(6)}`);
  return {
    phase: phaseOf(current.chart),
    slots,
    stages,
    taken: takenEdges(model, current, previous),
    currentPlayer: current.ctx?.currentPlayer ?? null,
  };
}
