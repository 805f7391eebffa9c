/**
 * A JSON-safe copy of a value taken while it is still alive (immer drafts are revoked once the
 * hook that saw them returns). Functions, cycles and other unserialisable values become a
 * short description instead of throwing.
 */
export function toPlain(value: unknown): unknown {
  if (value === undefined || value === null) return value;
  const t = typeof value;
  if (t === 'string' || t === 'number' || t === 'boolean') return value;
  if (t === 'function') return `[function ${(value as { name?: string }).name || 'anonymous'}]`;
  if (t === 'bigint' || t === 'symbol') return String(value);
  try {
    return JSON.parse(JSON.stringify(value));
  } catch (error) {
    return `[unserialisable: ${(error as Error).message}]`;
  }
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return `thrown value: ${String(error)}`;
}

/** Structural equality of JSON-like values (key order ignored). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    return Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bArr = b as unknown[];
    return a.length === bArr.length && a.every((v, i) => deepEqual(v, bArr[i]));
  }
  const aObj = a as Record<string, unknown>;
  const bObj = b as Record<string, unknown>;
  const aKeys = Object.keys(aObj).filter((k) => aObj[k] !== undefined);
  const bKeys = Object.keys(bObj).filter((k) => bObj[k] !== undefined);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((k) => Object.prototype.hasOwnProperty.call(bObj, k) && deepEqual(aObj[k], bObj[k]));
}
