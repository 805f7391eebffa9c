import type { BgioRuntime } from '../bgio-runtime';
import { phasesEraRuntime } from '../phases-era/phases-game';
import { core, internal, plugins } from './bgio';

/** boardgame.io 0.49.13: the last `(G, ctx)` release; its events plugin already refuses events like 0.50's. */
export const bgio049: BgioRuntime = phasesEraRuntime({
  version: '0.49.13',
  internal,
  modules: { 'boardgame.io/core': core, 'boardgame.io/plugins': plugins },
  traits: {
    calls: 'g-ctx',
    eventsInstanceKey: '_private',
    transients: true,
    eventContext: 'call',
    phaseNextFunction: true,
    moveLimits: 'minMaxMoves',
    undo: '0.41',
  },
});
