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
  // Most values game code passes (event arguments, hook results) are small plain data: copied
  // directly, they need no JSON text. Anything JSON would change (undefined, NaN, toJSON, …) takes the JSON way.
  try {
    const copied = plainCopy(value, 0);
    if (copied !== NOT_PLAIN) return copied;
    return JSON.parse(JSON.stringify(value));
  } catch (error) {
    return `[unserialisable: ${(error as Error).message}]`;
  }
}

const NOT_PLAIN = Symbol('not plain');
const MAX_PLAIN_DEPTH = 32;

/** `JSON.parse(JSON.stringify(value))` for arrays, plain objects, strings, finite numbers, booleans and null; else NOT_PLAIN. */
function plainCopy(value: unknown, depth: number): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : NOT_PLAIN;
    case 'object':
      break;
    default:
      return NOT_PLAIN;
  }
  if (depth > MAX_PLAIN_DEPTH) return NOT_PLAIN;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) return NOT_PLAIN;
      const v = plainCopy(value[i], depth + 1);
      if (v === NOT_PLAIN) return NOT_PLAIN;
      out[i] = v;
    }
    return out;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return NOT_PLAIN;
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (key === '__proto__' || key === 'toJSON' || !Object.prototype.hasOwnProperty.call(value, key)) return NOT_PLAIN;
    const v = plainCopy((value as Record<string, unknown>)[key], depth + 1);
    if (v === NOT_PLAIN) return NOT_PLAIN;
    out[key] = v;
  }
  return out;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return `thrown value: ${String(error)}`;
}

/** Structural equality of JSON-like values (key order ignored). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'function' && typeof b === 'function') return sameFunction(a, b);
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

/**
 * Two functions in game state (boardgame.io up to 0.42 lets G hold them) made by the same code: a
 * re-run makes new closures, so identity cannot tell; their source can (JSON drops them anyway).
 */
export function sameFunction(a: unknown, b: unknown): boolean {
  return (
    a === b ||
    (typeof a === 'function' && typeof b === 'function' && Function.prototype.toString.call(a) === Function.prototype.toString.call(b))
  );
}
