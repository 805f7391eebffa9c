import type { BgioState } from '../types';
import { cloneGraph, isKnownDeepFrozen } from '../util/clone-graph';

/** A turn with at least this many moves has its undo stack shared between checkpoints. */
const LONG_UNDO_STACK = 32;
/** The parts of a state that are not the undo stack (nor the log, which boardgame.io replaces). */
const STACKS = new Set(['_undo', '_redo', 'deltalog']);

/**
 * Copies states for the session's checkpoints. boardgame.io keeps one `_undo` entry per move of
 * the turn, so a copy of every checkpoint's whole stack makes memory grow with the square of the
 * moves in one turn. An entry copied for an earlier checkpoint is reused while nothing it reaches
 * can have changed: boardgame.io changes in place only what the state it is given reaches outside
 * the stacks (its `ctx`, as `_activePlayersNumMoves` and `setStage` do; an UNDO makes an entry's
 * ctx the live one), so only objects reachable from a live state since the last checkpoint are
 * compared with their copies, and only the entries that reach one that changed are copied again.
 */
export class CheckpointCloner {
  /** Objects reachable from a live state (outside its stacks) since the last checkpoint. */
  private readonly touched = new Set<object>();
  /** Every object copied while the stack is long, and its copy. */
  private copies = new Map<object, unknown>();
  /** For each object an entry reaches, the entries that reach it. */
  private owners = new Map<object, object[]>();
  private tracking = false;

  /** After each step: the state boardgame.io will be given next, whose objects it may change. */
  noteLive(state: BgioState): void {
    const undo = (state as { _undo?: unknown })._undo;
    this.tracking = Array.isArray(undo) && undo.length >= LONG_UNDO_STACK;
    if (!this.tracking) {
      if (this.copies.size) [this.copies, this.owners] = [new Map(), new Map()];
      this.touched.clear();
      return;
    }
    for (const key of Object.keys(state)) if (!STACKS.has(key)) collect((state as Record<string, unknown>)[key], this.touched);
  }

  /** A checkpoint's copy of `state` (the session's current head). */
  clone(state: BgioState): BgioState {
    if (!this.tracking) return cloneGraph(state, true);
    const seen = new Map<object, unknown>();
    const changed = this.changedSinceCopied();
    const stale = new Set<object>();
    for (const o of changed) for (const entry of this.owners.get(o) ?? []) stale.add(entry);
    // Unchanged live objects keep their copies, so entries reused below still share them with the state.
    for (const o of this.touched) if (!changed.has(o) && this.copies.has(o)) seen.set(o, this.copies.get(o));
    for (const key of ['_undo', '_redo']) {
      const stack = (state as Record<string, unknown>)[key];
      if (!Array.isArray(stack)) continue;
      for (const entry of stack) {
        if (entry === null || typeof entry !== 'object') continue;
        if (this.copies.has(entry) && !stale.has(entry)) seen.set(entry, this.copies.get(entry));
        else this.index(entry);
      }
    }
    for (const o of changed) this.copies.delete(o);
    const copy = cloneGraph(state, true, seen);
    for (const [original, copied] of seen) this.copies.set(original, copied);
    this.touched.clear();
    // The head is given to the next reducer call: what it reaches may change from now on.
    this.noteLive(state);
    return copy;
  }

  /** Live objects whose copy no longer matches them (or holds the copy of one that does not). */
  private changedSinceCopied(): Set<object> {
    const changed = new Set<object>();
    for (let grew = true; grew;) {
      grew = false;
      for (const o of this.touched) {
        if (changed.has(o) || !this.copies.has(o)) continue;
        if (!sameAsCopy(o as Record<string, unknown>, this.copies.get(o) as Record<string, unknown>, this.copies, changed)) {
          changed.add(o);
          grew = true;
        }
      }
    }
    return changed;
  }

  /** Records `entry` as an owner of everything it reaches (once, when it is first copied). */
  private index(entry: object): void {
    const reached = new Set<object>();
    collect(entry, reached);
    for (const o of reached) {
      const list = this.owners.get(o);
      if (!list) this.owners.set(o, [entry]);
      else if (list[list.length - 1] !== entry) list.push(entry);
    }
  }
}

/** Adds every object `value` reaches (except parts frozen all the way down) to `into`. */
function collect(value: unknown, into: Set<object>): void {
  if (value === null || typeof value !== 'object' || isKnownDeepFrozen(value) || into.has(value)) return;
  into.add(value);
  for (const child of Object.values(value)) collect(child, into);
}

/** `o` holds what its copy holds: the same primitives, and for each object, its unchanged copy. */
function sameAsCopy(
  o: Record<string, unknown>,
  copy: Record<string, unknown>,
  copies: Map<object, unknown>,
  changed: Set<object>,
): boolean {
  if (copy === o) return true;
  if (Array.isArray(o) !== Array.isArray(copy)) return false;
  const keys = Object.keys(o);
  if (keys.length !== Object.keys(copy).length) return false;
  for (const key of keys) {
    const v = o[key];
    const w = copy[key];
    if (v === w) continue;
    if (v === null || typeof v !== 'object' || changed.has(v) || copies.get(v) !== w) return false;
  }
  return true;
}
