export type DiffKind = 'added' | 'removed' | 'changed';

export interface DiffEntry {
  path: (string | number)[];
  kind: DiffKind;
  before?: unknown;
  after?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/**
 * The changes from `a` to `b` as a list of leaf paths (arrays compared index by index; a value
 * that changes type is reported whole). Stops after `limit` entries.
 */
export function diffValues(a: unknown, b: unknown, limit = 500): DiffEntry[] {
  const out: DiffEntry[] = [];
  const walk = (x: unknown, y: unknown, path: (string | number)[]) => {
    if (out.length >= limit || x === y) return;
    if (isObject(x) && isObject(y) && Array.isArray(x) === Array.isArray(y)) {
      const keys = Array.isArray(x) ? [...Array(Math.max(x.length, (y as unknown as unknown[]).length)).keys()] : [...new Set([...Object.keys(x), ...Object.keys(y)])];
      for (const k of keys) {
        const has = (o: Record<string, unknown>) => (Array.isArray(o) ? (k as number) < o.length : Object.prototype.hasOwnProperty.call(o, k) && o[k as string] !== undefined);
        const xv = (x as Record<string, unknown>)[k as string];
        const yv = (y as Record<string, unknown>)[k as string];
        if (!has(x) && has(y)) out.push({ path: [...path, k], kind: 'added', after: yv });
        else if (has(x) && !has(y)) out.push({ path: [...path, k], kind: 'removed', before: xv });
        else walk(xv, yv, [...path, k]);
        if (out.length >= limit) return;
      }
      return;
    }
    if (Number.isNaN(x) && Number.isNaN(y)) return;
    if (x === undefined) out.push({ path, kind: 'added', after: y });
    else if (y === undefined) out.push({ path, kind: 'removed', before: x });
    else out.push({ path, kind: 'changed', before: x, after: y });
  };
  walk(a, b, []);
  return out;
}

/** `G.players["2"].hand[3]` style. */
export function formatPath(root: string, path: readonly (string | number)[]): string {
  return path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `${s}.${p}` : `${s}[${JSON.stringify(p)}]`), root);
}
