import type { FlowCtx } from '../types';
import { deepEqual } from '../util/plain';
import { diffValues, formatPath, type DiffEntry } from '../util/diff';

/** What two runs of the same actions need to expose to be compared step by step. */
export interface ComparableStep {
  index: number;
  ok: boolean;
  error: { type: string; message: string } | null;
  ctx: FlowCtx;
  G: unknown;
}

export interface Divergence {
  step: number;
  /** Human-readable differences, e.g. `ok: true → false`, `ctx.currentPlayer: "1" → "2"`. */
  differences: string[];
  ctx: DiffEntry[];
  G: DiffEntry[];
}

const show = (v: unknown) => (v === undefined ? 'undefined' : JSON.stringify(v));
/** `ctx.currentPlayer: "1" → "2"`; an item that moved in its array: `ctx.playOrder[0]: "2" (moved from [2])`. */
const describeChange = (root: string, d: DiffEntry) =>
  `${formatPath(root, d.path)}: ${d.kind === 'moved' ? `${show(d.after)} (moved from [${String(d.before)}])` : `${show(d.before)} → ${show(d.after)}`}`;

/** The first step whose outcome differs between two runs of the same actions (null if none). */
export function firstDivergence(before: readonly ComparableStep[], after: readonly ComparableStep[]): Divergence | null {
  const n = Math.max(before.length, after.length);
  for (let i = 0; i < n; i++) {
    const a = before[i];
    const b = after[i];
    if (!a || !b) return { step: i, differences: [a ? 'the new run has no such step' : 'the old run had no such step'], ctx: [], G: [] };
    const differences: string[] = [];
    if (a.ok !== b.ok) differences.push(`ok: ${a.ok} → ${b.ok}${b.error ? ` (${b.error.message.split('\n')[0]})` : ''}`);
    else if (a.error?.type !== b.error?.type) differences.push(`error: ${a.error?.type ?? 'none'} → ${b.error?.type ?? 'none'}`);
    const ctx = diffValues(a.ctx, b.ctx, 50);
    const G = deepEqual(a.G, b.G) ? [] : diffValues(a.G, b.G, 50);
    for (const d of ctx) differences.push(describeChange('ctx', d));
    for (const d of G.slice(0, 10)) differences.push(describeChange('G', d));
    if (G.length > 10) differences.push(`… and ${G.length - 10} more changes in G`);
    if (differences.length) return { step: i, differences, ctx, G };
  }
  return null;
}

/** Every step of a session with its G, in one forward pass (G objects are immutable: safe to keep). */
export function comparableSteps(
  session: {
    steps: readonly { index: number; ok: boolean; error: ComparableStep['error']; ctx: FlowCtx }[];
    walk(visit: (index: number, state: { G: unknown }) => void): void;
  },
  /** Each step's `G` as it was dispatched, when the caller kept them (else every state is re-derived). */
  dispatchedGs?: readonly unknown[],
): ComparableStep[] {
  const Gs: unknown[] = dispatchedGs?.length === session.steps.length ? [...dispatchedGs] : [];
  if (!Gs.length) session.walk((_, state) => Gs.push(state.G));
  return session.steps.map((r) => ({ index: r.index, ok: r.ok, error: r.error, ctx: r.ctx, G: Gs[r.index] }));
}
