import type { BgioRuntime } from '../../runtime/bgio-runtime';
import type { LegacyOptions } from './types';

/** What a migration needs to know of the release a game runs on: its version, and its own presets to recognise by identity. */
export function legacyOptionsOf(runtime: Pick<BgioRuntime, 'version' | 'modules'>): LegacyOptions {
  const core = runtime.modules['boardgame.io/core'] as
    { TurnOrder?: Record<string, unknown>; PlayerView?: Record<string, unknown> } | undefined;
  return {
    release: runtime.version,
    ...(core?.TurnOrder ? { turnOrders: core.TurnOrder } : {}),
    ...(core?.PlayerView ? { playerViews: core.PlayerView } : {}),
  };
}
