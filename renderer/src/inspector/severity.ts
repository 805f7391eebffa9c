import type { Severity } from './SeverityIcon';

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Errors first, then warnings, then infos; stable within a severity (the host's order). */
export function bySeverity<T extends { severity: Severity }>(items: readonly T[]): T[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => RANK[a.item.severity] - RANK[b.item.severity] || a.i - b.i)
    .map((x) => x.item);
}

export function countBySeverity(items: readonly { severity: Severity }[]): Record<Severity, number> {
  const out: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const item of items) out[item.severity]++;
  return out;
}

/** Where a lint code is explained: the heading anchors of docs/lint.md are the codes themselves. */
export function lintDocRef(code: string): string {
  return `docs/lint.md#${code}`;
}
