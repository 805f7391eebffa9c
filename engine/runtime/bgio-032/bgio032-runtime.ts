import * as ai from 'bgio-0.32/dist/ai.js';
import * as core from 'bgio-0.32/dist/core.js';
import * as plugins from 'bgio-0.32/dist/plugins.js';
import type { BgioRuntime } from '../bgio-runtime';
import { loadChecked } from '../copy-modules';
import type { FlowRelease } from '../flow-era/release';
import { makeFlowRuntime } from '../flow-era/flow-game';
import { wrapGame } from '../flow-era/spec';

/**
 * boardgame.io 0.32.1, the last release of the `flow` API: `flow.phases` is a map by name with
 * `startingPhase`, `next` and the return to the previous phase; `endTurn({ next })`,
 * `endPhase({ next })`, `INVALID_MOVE`, moves and hooks run through immer, and the game is
 * created by `InitializeGame` (with `setupData`).
 */
const release032 = ({ Game, CreateGameReducer, InitializeGame }: typeof core, version: string): FlowRelease => ({
  version,
  Game,
  start(game, numPlayers, setupData) {
    const reducer = CreateGameReducer({ game });
    const state = InitializeGame({ game, numPlayers, setupData });
    return { reducer, state };
  },
  // `RESET` returns the state it is given.
  reset: (reducer, state, initialState) => reducer(state, { type: 'RESET', state: initialState }),
  phases: 'map',
  endTurnArg: 'next',
  endPhaseArg: 'next',
  afterPhase: 'previous',
  invalidMove: 'INVALID_MOVE',
  events: ['endTurn', 'endPhase', 'endGame', 'setActionPlayers'],
  // Game code may call any event of `flow.eventNames`; the client only offers `enabledEventNames`.
  enabledEvents: (flow) => [...(flow.enabledEventNames ?? flow.eventNames ?? [])],
});

/** 0.32 on its core, ai and plugins modules (the bundled copy's, or a project's installed 0.32.x). */
function runtime032(
  version: string,
  lib: typeof core,
  { AI, MCTSBot, RandomBot }: typeof ai,
  { PluginPlayer }: typeof plugins,
): BgioRuntime {
  const { InitializeGame, CreateGameReducer, Flow, FlowWithPhases, TurnOrder, Pass, PlayerView, INVALID_MOVE } = lib;
  const FlowscopeGame = wrapGame(lib.Game);
  return makeFlowRuntime(
    release032(lib, version),
    {
      'boardgame.io/core': {
        Game: FlowscopeGame,
        InitializeGame,
        CreateGameReducer,
        Flow,
        FlowWithPhases,
        TurnOrder,
        Pass,
        PlayerView,
        INVALID_MOVE,
      },
      // The root export's game-logic part (its clients need React and a browser).
      'boardgame.io': { Game: FlowscopeGame, Flow, FlowWithPhases, TurnOrder, Pass, AI, RandomBot, MCTSBot },
      'boardgame.io/ai': { AI, RandomBot, MCTSBot },
      'boardgame.io/plugins': { PluginPlayer },
    },
    (copy) =>
      runtime032(
        copy.version,
        loadChecked(
          copy,
          'dist/core.js',
          ['Game', 'InitializeGame', 'CreateGameReducer', 'Flow', 'FlowWithPhases', 'TurnOrder', 'Pass', 'PlayerView', 'INVALID_MOVE'],
          version,
        ),
        loadChecked(copy, 'dist/ai.js', ['AI', 'RandomBot', 'MCTSBot'], version),
        loadChecked(copy, 'dist/plugins.js', ['PluginPlayer'], version),
      ),
  );
}

export const bgio032 = runtime032('0.32.1', core, ai, plugins);
