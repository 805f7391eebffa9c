/** One node of a V8 CPU profile (`Profiler.stop`'s result), as far as the attribution reads it. */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber?: number };
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Who a sample's time belongs to: boardgame.io (with the immer, lodash and rfc6902 it runs on, in
 * any shipped release's copy), the game's own code, Flowscope (`flowscope:<engine folder>`), the
 * garbage collector, or anything else (Node, the harness).
 */
export function categoryOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (/\/node_modules\/(boardgame\.io|bgio-[\d.]+|immer|lodash\.[a-z]+|rfc6902)\//.test(url)) return 'boardgame.io';
  if (/\/(fixtures|bench\/games)\//.test(url)) return 'game code';
  // engine/testing holds the bench's own bare-reducer loop: harness, not Flowscope at work.
  if (url.includes('/engine/testing/')) return 'other';
  const own = /\/engine\/(.+)$/.exec(url);
  if (own) {
    const folders = own[1].split('/').slice(0, -1);
    // The runtimes are told apart by era (phases-era, flow-era), not by release.
    const where = folders[0] === 'runtime' && folders[1] ? `runtime/${folders[1]}` : (folders[0] ?? 'index');
    return `flowscope:${where}`;
  }
  return 'other';
}

/** Milliseconds of self time per key over the whole profile; a node whose key is null is left out. */
function selfTime(profile: CpuProfile, keyOf: (node: ProfileNode) => string | null): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const key = node ? keyOf(node) : null;
    if (key !== null) out.set(key, (out.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

/** Milliseconds of self time per category over the whole profile. */
export function selfTimeByCategory(profile: CpuProfile): Map<string, number> {
  return selfTime(profile, categoryOf);
}

/**
 * Milliseconds of self time per function (`name file`, with `:line` where the profile knows it: code
 * compiled by tsx reports none) of the categories `category` accepts, largest first.
 */
export function selfTimeByFunction(profile: CpuProfile, category: (c: string) => boolean): [string, number][] {
  const keyOf = (node: ProfileNode) => {
    if (!category(categoryOf(node))) return null;
    const { functionName, url, lineNumber } = node.callFrame;
    const line = lineNumber ? `:${lineNumber + 1}` : '';
    return `${functionName || '(anonymous)'} ${url.replace(/^.*\/(engine|node_modules)\//, '')}${line}`;
  };
  return [...selfTime(profile, keyOf)].sort((a, b) => b[1] - a[1]);
}
