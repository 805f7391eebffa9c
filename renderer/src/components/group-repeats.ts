/** Identical items (same `key`) folded into one with a count, in order of first appearance. */
export function groupRepeats<T>(items: readonly T[], key: (item: T) => string): { item: T; count: number }[] {
  const groups = new Map<string, { item: T; count: number }>();
  for (const item of items) {
    const k = key(item);
    const g = groups.get(k);
    if (g) g.count++;
    else groups.set(k, { item, count: 1 });
  }
  return [...groups.values()];
}
