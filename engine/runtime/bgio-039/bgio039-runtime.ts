import type { BgioRuntime } from '../bgio-runtime';
import { phasesEraRuntime } from '../phases-era/phases-game';
import { core, internal, plugins } from './bgio';

/** boardgame.io 0.39.16: phases, turns and stages with `(G, ctx)` signatures, before undo/redo was reworked (0.41). */
export const bgio039: BgioRuntime = phasesEraRuntime({
  version: '0.39.16',
  internal,
  modules: { 'boardgame.io/core': core, 'boardgame.io/plugins': plugins },
  traits: {
    calls: 'g-ctx',
    eventsInstanceKey: '_obj',
    transients: false,
    eventContext: 'action',
    phaseNextFunction: false,
    moveLimits: 'moveLimit',
    undo: '0.39',
  },
});
