/**
 * An old release's presets (`TurnOrder.*`, `TurnOrder.CUSTOM(…)`, `PlayerView.STRIP_SECRETS`) as
 * boardgame.io 0.50's own, known by identity from the release's `options` or by their functions' source.
 */
import type { Builder } from './builder';
import { q } from './notes';
import type { Node } from './plan-tree';

/** The old release's `PlayerView.STRIP_SECRETS` (known by identity from `options.playerViews`) as 0.50's. */
export function playerViewOf050(fn: unknown, b: Builder): Node | null {
  for (const [name, value] of Object.entries(b.options.playerViews ?? {})) {
    if (value !== fn || typeof b.core050.PlayerView[name] !== 'function') continue;
    b.note(
      'info',
      undefined,
      'playerView',
      `\`PlayerView.${name}\` of the old release is 0.50's \`PlayerView.${name}\` (context-object signature).`,
      'playerView',
    );
    return { t: 'ref', code: `PlayerView.${name}`, value: b.core050.PlayerView[name], imports: ['PlayerView'] };
  }
  return null;
}

/**
 * A 0.33–0.49 `TurnOrder.CUSTOM([...])` or `TurnOrder.CUSTOM_FROM('field')` result as 0.50's: known
 * by its functions' source, the same as a probe made with the release's own factory, and its
 * argument read back (`CUSTOM`'s `playOrder()`, the field `CUSTOM_FROM`'s `playOrder` reads).
 */
export function factoryPresetOf050(order: unknown, path: string, b: Builder): Node | null {
  const turnOrders = b.options.turnOrders ?? {};
  if (!order || typeof order !== 'object') return null;
  const fns = order as Record<string, unknown>;
  for (const name of ['CUSTOM', 'CUSTOM_FROM'] as const) {
    const make = turnOrders[name];
    const modern = b.core050.TurnOrder[name];
    if (typeof make !== 'function' || typeof modern !== 'function') continue;
    const probe = make(name === 'CUSTOM' ? [] : 'field') as Record<string, unknown>;
    const keys = Object.keys(probe);
    if (keys.length !== Object.keys(fns).length || !keys.every((k) => typeof fns[k] === 'function' && String(fns[k]) === String(probe[k])))
      continue;
    let arg: unknown;
    try {
      if (name === 'CUSTOM') arg = (fns.playOrder as () => unknown)();
      else (fns.playOrder as (G: unknown) => unknown)(new Proxy({}, { get: (_, key) => void (arg ??= key) }));
    } catch {
      return null;
    }
    if (name === 'CUSTOM' ? !Array.isArray(arg) : typeof arg !== 'string') return null;
    const code = `TurnOrder.${name}(${JSON.stringify(arg)})`;
    b.note(
      'info',
      'TurnOrder-preset',
      path,
      `${q(path)}: \`${code}\` of the old release is 0.50's \`${code}\` (same behaviour, context-object signature).`,
      path,
    );
    return { t: 'ref', code, value: (modern as (a: unknown) => unknown)(arg), imports: ['TurnOrder'] };
  }
  return null;
}

/** A 0.33–0.49 `TurnOrder` preset (known by identity from `options.turnOrders`) as the 0.50 one. */
export function presetOf050(order: unknown, path: string, b: Builder): Node | null {
  for (const [name, value] of Object.entries(b.options.turnOrders ?? {})) {
    if (value === order && b.core050.TurnOrder[name] && typeof b.core050.TurnOrder[name] === 'object') {
      b.note(
        'info',
        'TurnOrder-preset',
        path,
        `${q(path)}: \`TurnOrder.${name}\` of the old release is 0.50's \`TurnOrder.${name}\` (same behaviour, context-object signature).`,
        path,
      );
      return { t: 'ref', code: `TurnOrder.${name}`, value: b.core050.TurnOrder[name], imports: ['TurnOrder'] };
    }
  }
  return null;
}
