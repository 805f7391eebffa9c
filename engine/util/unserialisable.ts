/**
 * The first part of `value` that JSON cannot carry unchanged, in words (`G.self refers back to …`),
 * or null. boardgame.io's server sends and stores states as JSON: a cycle or a BigInt makes it
 * fail, and a function, a symbol, a Map, a Set or a non-finite number arrives changed.
 *
 * `checked` is an earlier value already looked at: the parts `value` shares with it (immer keeps
 * what an action did not change) are not walked again, so a step costs what it changed. The path
 * is put into words only for the part that is found.
 *
 * @example firstUnserialisable({ a: 1n }, 'G') // 'G.a is a BigInt, which JSON cannot hold'
 */
export function firstUnserialisable(value: unknown, root: string, checked?: unknown): string | null {
  const ancestors = new Set<object>();
  const path: (string | number)[] = [];
  const at = () =>
    root + path.map((k) => (typeof k === 'number' ? `[${k}]` : /^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`)).join('');
  const child = (old: unknown, key: string | number) =>
    old !== null && typeof old === 'object' ? (old as Record<string | number, unknown>)[key] : undefined;
  const walk = (v: unknown, old: unknown): string | null => {
    switch (typeof v) {
      case 'bigint':
        return `${at()} is a BigInt, which JSON cannot hold`;
      case 'function':
        return `${at()} is a function, which JSON drops`;
      case 'symbol':
        return `${at()} is a symbol, which JSON drops`;
      case 'number':
        return Number.isFinite(v) ? null : `${at()} is ${v}, which JSON turns into null`;
      case 'object':
        break;
      default:
        return null;
    }
    if (v === null || v === old) return null;
    if (ancestors.has(v)) return `${at()} refers back to an object that contains it (a cycle), which JSON cannot hold`;
    if (v instanceof Map || v instanceof Set) return `${at()} is a ${v instanceof Map ? 'Map' : 'Set'}, which JSON turns into {}`;
    ancestors.add(v);
    try {
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          path.push(i);
          const found = walk(v[i], child(old, i));
          path.pop();
          if (found) return found;
        }
      } else {
        for (const key of Object.keys(v)) {
          path.push(key);
          const found = walk((v as Record<string, unknown>)[key], child(old, key));
          path.pop();
          if (found) return found;
        }
      }
    } finally {
      ancestors.delete(v);
    }
    return null;
  };
  return walk(value, checked);
}
