export interface DdminResult<T> {
  items: T[];
  /** How many subsets were tested. */
  tests: number;
  /** False when the test budget ran out before the result was 1-minimal. */
  minimal: boolean;
}

/**
 * Zeller's delta debugging (ddmin): the smallest subsequence of `items` (order kept) for which
 * `fails` still holds, found by trying ever finer chunks and their complements. The result is
 * 1-minimal: removing any single item makes `fails` false. `fails(items)` must be true.
 *
 * @example ddmin([1, 2, 3, 4, 5, 6], (xs) => xs.includes(2) && xs.includes(5)).items // [2, 5]
 */
export function ddmin<T>(items: readonly T[], fails: (subset: T[]) => boolean, budget = 5000): DdminResult<T> {
  const cache = new Map<string, boolean>();
  let tests = 0;
  let exhausted = false;
  const indices = items.map((_, i) => i);
  const test = (subset: number[]): boolean => {
    const key = subset.join(',');
    const known = cache.get(key);
    if (known !== undefined) return known;
    // Out of budget: treat untested subsets as passing, which only stops the search early.
    if (tests >= budget) {
      exhausted = true;
      return false;
    }
    tests++;
    const result = fails(subset.map((i) => items[i]));
    cache.set(key, result);
    return result;
  };
  let current = indices;
  if (test([])) return { items: [], tests, minimal: true };
  let n = 2;
  while (current.length >= 2) {
    const chunks = split(current, n);
    const smaller = chunks.find((chunk) => test(chunk)) ?? null;
    if (smaller) {
      current = smaller;
      n = 2;
      continue;
    }
    const complement = chunks.length > 2 ? chunks.map((_, i) => chunks.filter((__, j) => j !== i).flat()).find((c) => test(c)) : null;
    if (complement) {
      current = complement;
      n = Math.max(n - 1, 2);
      continue;
    }
    if (n >= current.length) break;
    n = Math.min(n * 2, current.length);
  }
  return { items: current.map((i) => items[i]), tests, minimal: !exhausted };
}

function split<T>(list: T[], n: number): T[][] {
  const out: T[][] = [];
  let start = 0;
  for (let i = 0; i < n; i++) {
    const end = start + Math.floor((list.length - start) / (n - i));
    out.push(list.slice(start, end));
    start = end;
  }
  return out.filter((c) => c.length > 0);
}
