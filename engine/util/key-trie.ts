/**
 * A map keyed by a sequence of values compared with `Object.is`, walked one value at a time, so a
 * lookup builds no key string. For values met once per step in a session of 100,000s of steps.
 */
export class KeyTrie<V> {
  /** Where every lookup starts (walk it with `next`). */
  readonly root: TrieNode<V> = { children: null, value: undefined };
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Stores `value` under `keys`. */
  set(keys: readonly unknown[], value: V): void {
    let node = this.root;
    for (const key of keys) {
      const k = normalise(key);
      node.children ??= new Map();
      let child = node.children.get(k);
      if (!child) {
        child = { children: null, value: undefined };
        node.children.set(k, child);
      }
      node = child;
    }
    if (node.value === undefined) this.count++;
    node.value = value;
  }
}

export interface TrieNode<V> {
  children: Map<unknown, TrieNode<V>> | null;
  value: V | undefined;
}

/** The node under `node` for `key`, or undefined. */
export function next<V>(node: TrieNode<V> | undefined, key: unknown): TrieNode<V> | undefined {
  return node?.children?.get(normalise(key));
}

// Maps compare keys with SameValueZero, which takes -0 for 0.
const NEGATIVE_ZERO = Symbol('-0');
const normalise = (key: unknown): unknown => (key === 0 && Object.is(key, -0) ? NEGATIVE_ZERO : key);
