/* eslint-disable @typescript-eslint/no-explicit-any -- game state is the user's data, of any shape. */

/** What a run of a move read from the state. */
export interface Reads {
  /** Keys looked up on a collection, with the collection's own keys and whether the key was there. */
  keyUses: { key: string; collection: object; present: boolean; value: unknown }[];
  /** Primitive values read from collections' elements (array items, fields of items, values of enumerated objects). */
  scanned: unknown[];
  /** Every primitive value read. */
  values: unknown[];
}

export const emptyReads = (): Reads => ({ keyUses: [], scanned: [], values: [] });

const isObject = (v: unknown): v is object => (typeof v === 'object' && v !== null) || typeof v === 'function';

/**
 * Wraps `root` (a private copy of the state) so that every read is recorded in `reads`.
 * `onKey` may answer a key lookup itself (a probe key: return the value to continue with).
 */
export function recordingProxy(root: object, reads: Reads, onKey?: (key: string, target: object) => { value: unknown } | null): object {
  const wrappers = new WeakMap<object, object>();
  const elements = new WeakSet<object>();
  const enumerated = new WeakSet<object>();
  const wrap = (value: unknown, element: boolean): unknown => {
    if (!isObject(value) || typeof value === 'function') return value;
    if (element) elements.add(value);
    const known = wrappers.get(value);
    if (known) return known;
    const proxy = new Proxy(value, handler);
    wrappers.set(value, proxy);
    return proxy;
  };
  const collection = (t: object) => Array.isArray(t) || enumerated.has(t);
  const handler: ProxyHandler<any> = {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof key === 'symbol' || typeof value === 'function') return value;
      const answered = onKey?.(key, target);
      if (answered) return wrap(answered.value, true);
      if (key === 'length' && Array.isArray(target)) return value;
      const present = Object.prototype.hasOwnProperty.call(target, key);
      reads.keyUses.push({ key, collection: target, present, value });
      if (isObject(value)) return wrap(value, collection(target));
      reads.values.push(value);
      if (collection(target) || elements.has(target)) reads.scanned.push(value);
      return value;
    },
    has(target, key) {
      if (typeof key === 'string') {
        const answered = onKey?.(key, target);
        if (answered) return true;
        reads.keyUses.push({ key, collection: target, present: key in target, value: undefined });
      }
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      enumerated.add(target);
      return Reflect.ownKeys(target);
    },
  };
  return wrap(root, false) as object;
}
