import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/dist/cjs/internal.js';
import * as core from 'boardgame.io/dist/cjs/core.js';
import type { BgioRuntime } from '../bgio-runtime';
import { phasesEraRuntime } from '../phases-era/phases-game';
import type { ReleaseTraits } from '../phases-era/release';

/** How 0.50.2 behaves where the releases of the phases API differ. */
export const BGIO_050_TRAITS: ReleaseTraits = {
  calls: 'context',
  eventsInstanceKey: '_private',
  transients: true,
  eventContext: 'call',
  phaseNextFunction: true,
  moveLimits: 'minMaxMoves',
  undo: '0.41',
};

/** boardgame.io 0.50.2: every game function takes one context object, `({ G, ctx, events, ... })`. */
export const bgio050: BgioRuntime = phasesEraRuntime({
  version: '0.50.2',
  internal: { CreateGameReducer, InitializeGame, ProcessGameConfig },
  modules: { 'boardgame.io/core': core },
  traits: BGIO_050_TRAITS,
});
