import type { BgioState } from '../types';
import { cloneGraph, isKnownDeepFrozen } from '../util/clone-graph';

/** A turn with at least this many moves has its undo stack shared between checkpoints. */
const LONG_UNDO_STACK = 32;
/** The parts of a state that are not the undo stack (nor the log, which boardgame.io replaces). */
const STACKS = new Set(['_undo', '_redo', 'deltalog']);

/**
 * Copies states for the session's checkpoints. boardgame.io keeps one `_undo` entry per move of
 * the turn, so a copy of every checkpoint's whole stack makes memory grow with the square of the
 * moves in one turn. Entries copied for the previous checkpoint are reused when nothing reachable
 * from them can have changed since: boardgame.io changes in place only what the state it is given
 * reaches outside the stacks (its `ctx`, as `_activePlayersNumMoves` and `setStage` do), so an
 * entry none of whose objects was reachable that way from any state since (an UNDO makes an
 * entry's ctx the live one, and so reachable) is exactly as it was copied.
 */
export class CheckpointCloner {
  /** Objects reachable from a live state (outside its stacks) since the last checkpoint. */
  private readonly touched = new Set<object>();
  /** The last checkpoint's copies (original → copy), while the undo stack is long. */
  private previous: Map<object, unknown> | null = null;
  private tracking = false;

  /** After each step: the state boardgame.io will be given next, whose objects it may change. */
  noteLive(state: BgioState): void {
    const undo = (state as { _undo?: unknown })._undo;
    this.tracking = Array.isArray(undo) && undo.length >= LONG_UNDO_STACK;
    if (!this.tracking) {
      this.previous = null;
      this.touched.clear();
      return;
    }
    for (const key of Object.keys(state)) if (!STACKS.has(key)) collect((state as Record<string, unknown>)[key], this.touched);
  }

  /** A checkpoint's copy of `state` (the session's current head). */
  clone(state: BgioState): BgioState {
    const seen = new Map<object, unknown>();
    if (this.tracking && this.previous) for (const stack of ['_undo', '_redo']) seedStack(state, stack, this.previous, this.touched, seen);
    const copy = cloneGraph(state, true, seen);
    this.previous = this.tracking ? seen : null;
    this.touched.clear();
    // The head is given to the next reducer call: what it reaches may change from now on.
    if (this.tracking) this.noteLive(state);
    return copy;
  }
}

/** Adds every object `value` reaches (except parts frozen all the way down) to `into`. */
function collect(value: unknown, into: Set<object>): void {
  if (value === null || typeof value !== 'object' || isKnownDeepFrozen(value) || into.has(value)) return;
  into.add(value);
  for (const child of Object.values(value)) collect(child, into);
}

/** Seeds `seen` with the previous copies of the stack's entries that cannot have changed. */
function seedStack(state: BgioState, key: string, previous: Map<object, unknown>, touched: Set<object>, seen: Map<object, unknown>): void {
  const stack = (state as Record<string, unknown>)[key];
  if (!Array.isArray(stack)) return;
  const check: Check = { previous, touched, verdicts: new Map() };
  for (const entry of stack) {
    const reached: object[] = [];
    if (unchanged(entry, check, reached)) for (const o of reached) seen.set(o, previous.get(o));
  }
}

interface Check {
  previous: Map<object, unknown>;
  touched: Set<object>;
  /** Live objects already compared with their copies in this checkpoint. */
  verdicts: Map<object, boolean>;
}

/** Copied as themselves by `cloneGraph`: nothing to check. */
const isLeaf = (value: unknown): boolean => {
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return (proto !== Object.prototype && proto !== null) || isKnownDeepFrozen(value);
};

/**
 * Whether every object `value` reaches still matches its copy from last time; collects them. One
 * no live state reached since cannot have changed; a live one is compared with its copy.
 */
function unchanged(value: unknown, check: Check, reached: object[]): boolean {
  if (isLeaf(value) || reached.includes(value as object)) return true;
  const o = value as Record<string, unknown>;
  const copy = check.previous.get(o) as Record<string, unknown> | undefined;
  if (copy === undefined || copy === o) return copy === o;
  if (check.touched.has(o)) {
    let verdict = check.verdicts.get(o);
    if (verdict === undefined) check.verdicts.set(o, (verdict = sameAsCopy(o, copy, check.previous)));
    if (!verdict) return false;
  }
  reached.push(o);
  for (const child of Object.values(o)) if (!unchanged(child, check, reached)) return false;
  return true;
}

/** `o` holds what its copy holds: the same primitives, and for each object, the object copied there. */
function sameAsCopy(o: Record<string, unknown>, copy: Record<string, unknown>, previous: Map<object, unknown>): boolean {
  if (Array.isArray(o) !== Array.isArray(copy)) return false;
  const keys = Object.keys(o);
  if (keys.length !== Object.keys(copy).length) return false;
  for (const key of keys) {
    const v = o[key];
    const w = copy[key];
    if (v === w || (v !== null && typeof v === 'object' && previous.get(v) === w)) continue;
    if (!Object.prototype.hasOwnProperty.call(copy, key)) return false;
    return false;
  }
  return true;
}
