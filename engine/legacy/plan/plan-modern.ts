/** The 0.33–0.49 shape: the structure stays, positional functions are wrapped, presets become 0.50's. */
import { collectFunctions } from '../analysis/config-functions';
import type { GameConfig } from '../../types';
import type { Builder } from './builder';
import { q } from './notes';
import { isFn, type Entry, type Node } from './plan-tree';
import { factoryPresetOf050, playerViewOf050, presetOf050 } from './presets-050';

/** The plan of a 0.33–0.49 config (`(G, ctx)` functions, `moveLimit`, the old presets). */
export function planModern(spec: GameConfig, b: Builder): Node & { t: 'obj' } {
  const fnPaths = new Map(collectFunctions(spec, b.era).map((f) => [f.path, f]));
  const walk = (value: unknown, path: string): Node => {
    const f = isFn(value) ? fnPaths.get(path) : undefined;
    if (f) return (path === 'playerView' ? playerViewOf050(f.fn, b) : null) ?? b.fn(f.fn, f.role, path, path);
    if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.getPrototypeOf(value) === Object.prototype &&
      walkable(path)
    ) {
      const presetNode =
        b.era === 'g-ctx' && /(^|\.)turn\.order$/.test(path) ? (presetOf050(value, path, b) ?? factoryPresetOf050(value, path, b)) : null;
      if (presetNode) return presetNode;
      const entries: Entry[] = [];
      for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
        const p = path ? `${path}.${key}` : key;
        if (key === 'moveLimit' && /(^|\.)turn$/.test(path) && typeof v === 'number') {
          b.note(
            'info',
            'moveLimit',
            p,
            `${q(p)}: \`moveLimit\` (0.33–0.47) is \`minMoves\` + \`maxMoves\` since 0.48 (it set both).`,
            `${path}.minMoves`,
          );
          entries.push(
            { key: 'minMoves', node: { t: 'lit', value: v }, path: `${path}.minMoves` },
            { key: 'maxMoves', node: { t: 'lit', value: v }, path: `${path}.maxMoves` },
          );
          continue;
        }
        entries.push({ key, node: walk(v, p), path: p });
      }
      // An unchanged object is kept as it is (so presets like TurnOrder.DEFAULT keep their identity).
      const unchanged = (n: Node) => n.t === 'keep' || (n.t === 'fn' && !n.legacy);
      if (path !== '' && entries.every((e) => unchanged(e.node))) return { t: 'keep', value, from: path };
      return { t: 'obj', entries };
    }
    return { t: 'keep', value, from: path };
  };
  const root = walk(spec, '');
  return root.t === 'obj' ? root : { t: 'obj', entries: [] };
}

/** Paths whose objects hold config functions (everything else is kept as written). */
function walkable(path: string): boolean {
  if (path === '') return true;
  return /^(moves|turn|phases)(\.|$)/.test(path) && !/\.activePlayers$/.test(path) && !/^ai(\.|$)/.test(path);
}
