import { bgio026 } from './bgio-026/runtime';
import { bgio032 } from './bgio-032/runtime';
import { bgio039 } from './bgio-039/runtime';
import { bgio043 } from './bgio-043/runtime';
import { bgio049 } from './bgio-049/runtime';
import { bgio050 } from './bgio-050/runtime';
import type { BgioRuntime } from './runtime';

/** Every boardgame.io release Flowscope ships, oldest first. Era adapters register here. */
export const RUNTIMES: BgioRuntime[] = [bgio026, bgio032, bgio039, bgio043, bgio049, bgio050];

export const DEFAULT_RUNTIME = bgio050;

const parse = (v: string): [number, number, number] | null => {
  const m = /(\d+)\.(\d+)(?:\.(\d+))?/.exec(v);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : null;
};

/** Adds a release (kept in version order). */
export function registerRuntime(runtime: BgioRuntime): void {
  if (RUNTIMES.some((r) => r.version === runtime.version)) return;
  RUNTIMES.push(runtime);
  RUNTIMES.sort((a, b) => compare(parse(a.version)!, parse(b.version)!));
}

function compare(a: readonly number[], b: readonly number[]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * The shipped release closest to a version or an npm range (`^0.49.4`, `~0.32.0`, `0.39.x`,
 * `>=0.40 <0.50`): the newest shipped release not newer than the range's base version, or the
 * oldest one when the range is older than everything shipped.
 */
export function closestRuntime(versionOrRange: string): BgioRuntime | null {
  const base = parse(versionOrRange.replace(/^[^\d]*/, ''));
  if (!base) return null;
  const sameMinor = RUNTIMES.filter((r) => {
    const v = parse(r.version)!;
    return v[0] === base[0] && v[1] === base[1];
  });
  if (sameMinor.length) return sameMinor[sameMinor.length - 1];
  const older = RUNTIMES.filter((r) => compare(parse(r.version)!, base) <= 0);
  return older.length ? older[older.length - 1] : RUNTIMES[0];
}

export function runtimeByVersion(version: string): BgioRuntime | null {
  return RUNTIMES.find((r) => r.version === version) ?? closestRuntime(version);
}
