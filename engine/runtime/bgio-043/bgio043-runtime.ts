import type { BgioRuntime } from '../bgio-runtime';
import { phasesEraRuntime } from '../phases-era/phases-game';
import { core, internal, plugins } from './bgio';

/** boardgame.io 0.43.3: the last release before refusals were reported in `transients` (0.44.4). */
export const bgio043: BgioRuntime = phasesEraRuntime({
  version: '0.43.3',
  internal,
  modules: { 'boardgame.io/core': core, 'boardgame.io/plugins': plugins },
  traits: {
    calls: 'g-ctx',
    eventsInstanceKey: '_obj',
    transients: false,
    eventContext: 'action',
    phaseNextFunction: false,
    moveLimits: 'moveLimit',
    undo: '0.41',
  },
});
