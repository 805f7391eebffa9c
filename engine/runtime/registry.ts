import semver from 'semver';
import { bgio050 } from './bgio-050/bgio050-runtime';
import type { ApiEra, BgioRuntime } from './bgio-runtime';

/** A shipped boardgame.io release as the registry lists it: known at once, loaded on demand (`loadRuntime`). */
export interface ShippedRelease {
  readonly version: string;
  readonly era: ApiEra;
}

// Each older release loads its own copy of boardgame.io (and its console binding), which costs a
// command's start-up when every copy loads; so only the release a game runs on is imported. 0.50.2
// is the default and the `boardgame.io` package itself, and loads with the engine.
const LOADERS: Record<string, () => Promise<BgioRuntime>> = {
  '0.26.3': () => import('./bgio-026/bgio026-runtime').then((m) => m.bgio026),
  '0.32.1': () => import('./bgio-032/bgio032-runtime').then((m) => m.bgio032),
  '0.39.16': () => import('./bgio-039/bgio039-runtime').then((m) => m.bgio039),
  '0.43.3': () => import('./bgio-043/bgio043-runtime').then((m) => m.bgio043),
  '0.49.13': () => import('./bgio-049/bgio049-runtime').then((m) => m.bgio049),
};

/** Every boardgame.io release Flowscope ships, oldest first. Era adapters register here. */
export const RUNTIMES: ShippedRelease[] = [
  { version: '0.26.3', era: 'flow' },
  { version: '0.32.1', era: 'flow' },
  { version: '0.39.16', era: 'phases-g-ctx' },
  { version: '0.43.3', era: 'phases-g-ctx' },
  { version: '0.49.13', era: 'phases-g-ctx' },
  bgio050,
];

export const DEFAULT_RUNTIME: BgioRuntime = bgio050;

const loaded = new Map<string, Promise<BgioRuntime>>([[bgio050.version, Promise.resolve(bgio050)]]);

/**
 * A shipped release, loaded (its boardgame.io copy imported) the first time it is asked for.
 * @example const runtime = await loadRuntime(pickRelease(file).runtime);
 */
export function loadRuntime(release: ShippedRelease | string): Promise<BgioRuntime> {
  const version = typeof release === 'string' ? release : release.version;
  let runtime = loaded.get(version);
  if (!runtime) {
    const load = LOADERS[version];
    if (!load)
      return Promise.reject(
        new Error(`boardgame.io ${version} is not a release Flowscope ships (${RUNTIMES.map((r) => r.version).join(', ')})`),
      );
    runtime = load();
    loaded.set(version, runtime);
  }
  return runtime;
}

/** Adds a release, already loaded (kept in version order). */
export function registerRuntime(runtime: BgioRuntime): void {
  if (!loaded.has(runtime.version)) loaded.set(runtime.version, Promise.resolve(runtime));
  if (RUNTIMES.some((r) => r.version === runtime.version)) return;
  RUNTIMES.push(runtime);
  RUNTIMES.sort((a, b) => semver.compare(a.version, b.version));
}

/**
 * Releases that share an API (what a game written for one of them needs to run on another):
 * ≤0.26 (phases as an array), 0.27–0.32 (the `flow` section with a map of phases), 0.33–0.49
 * (phases, turns and stages with `(G, ctx)`), 0.50 onwards (the context object).
 */
export type ApiGeneration = 'flow-0.26' | 'flow-0.32' | 'g-ctx' | 'context';

export function generationOf(version: string): ApiGeneration {
  const v = semver.coerce(version);
  if (!v) return 'context';
  if (semver.lt(v, '0.27.0')) return 'flow-0.26';
  if (semver.lt(v, '0.33.0')) return 'flow-0.32';
  if (semver.lt(v, '0.50.0')) return 'g-ctx';
  return 'context';
}

export const GENERATION_LABEL: Record<ApiGeneration, string> = {
  'flow-0.26': '≤0.26, phases as an array',
  'flow-0.32': '0.27–0.32, the flow section',
  'g-ctx': '0.33–0.49, (G, ctx)',
  context: '0.50+, the context object',
};

export interface RangeResolution {
  runtime: ShippedRelease;
  /** True when a shipped release satisfies the range (else `runtime` is the nearest of its API generation). */
  satisfied: boolean;
}

/**
 * The shipped release for a version or an npm range (`^0.49.4`, `~0.32.0`, `0.39.x`, `>=0.40 <0.50`):
 * the newest shipped release that satisfies it, as npm would install; else the shipped release of
 * the same API generation nearest to the range's lowest version (`^0.31.3` → 0.32.1, `^0.44.2` →
 * 0.43.3). Null for what is not a range (`latest`, a git URL).
 */
export function resolveRange(versionOrRange: string): RangeResolution | null {
  const range = semver.validRange(versionOrRange.trim(), { loose: true });
  if (!range) return null;
  const versions = RUNTIMES.map((r) => r.version);
  const best = semver.maxSatisfying(versions, range, { loose: true });
  if (best) return { runtime: RUNTIMES.find((r) => r.version === best)!, satisfied: true };
  const low = semver.minVersion(range, { loose: true });
  if (!low) return null;
  const generation = generationOf(low.version);
  const candidates = RUNTIMES.filter((r) => generationOf(r.version) === generation);
  const pool = candidates.length ? candidates : RUNTIMES;
  const distance = (r: ShippedRelease) => {
    const v = semver.parse(r.version)!;
    return Math.abs(v.major - low.major) * 10000 + Math.abs(v.minor - low.minor) * 100 + Math.min(99, Math.abs(v.patch - low.patch));
  };
  // Nearest first; at equal distance the newer release (it fixed bugs the older one had).
  const runtime = [...pool].sort((a, b) => distance(a) - distance(b) || semver.compare(b.version, a.version))[0];
  return { runtime, satisfied: false };
}

/** The shipped release a version or range resolves to (see `resolveRange`). */
export function closestRuntime(versionOrRange: string): ShippedRelease | null {
  return resolveRange(versionOrRange)?.runtime ?? null;
}

export function runtimeByVersion(version: string): ShippedRelease | null {
  return RUNTIMES.find((r) => r.version === version) ?? closestRuntime(version);
}
