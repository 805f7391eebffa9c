/**
 * The first part of `value` that JSON cannot carry unchanged, in words (`G.self refers back to …`),
 * or null. boardgame.io's server sends and stores states as JSON: a cycle or a BigInt makes it
 * fail, and a function, a symbol, a Map, a Set or a non-finite number arrives changed.
 *
 * @example firstUnserialisable({ a: 1n }, 'G') // 'G.a is a BigInt, which JSON cannot hold'
 */
export function firstUnserialisable(value: unknown, root: string): string | null {
  const ancestors = new Set<object>();
  const walk = (v: unknown, at: string): string | null => {
    switch (typeof v) {
      case 'bigint':
        return `${at} is a BigInt, which JSON cannot hold`;
      case 'function':
        return `${at} is a function, which JSON drops`;
      case 'symbol':
        return `${at} is a symbol, which JSON drops`;
      case 'number':
        return Number.isFinite(v) ? null : `${at} is ${v}, which JSON turns into null`;
      case 'object':
        break;
      default:
        return null;
    }
    if (v === null) return null;
    if (ancestors.has(v)) return `${at} refers back to an object that contains it (a cycle), which JSON cannot hold`;
    if (v instanceof Map || v instanceof Set) return `${at} is a ${v instanceof Map ? 'Map' : 'Set'}, which JSON turns into {}`;
    ancestors.add(v);
    try {
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          const found = walk(v[i], `${at}[${i}]`);
          if (found) return found;
        }
      } else {
        for (const key of Object.keys(v)) {
          const found = walk(
            (v as Record<string, unknown>)[key],
            /^[A-Za-z_$][\w$]*$/.test(key) ? `${at}.${key}` : `${at}[${JSON.stringify(key)}]`,
          );
          if (found) return found;
        }
      }
    } finally {
      ancestors.delete(v);
    }
    return null;
  };
  return walk(value, root);
}
