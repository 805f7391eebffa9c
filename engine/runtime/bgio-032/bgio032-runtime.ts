import { AI, MCTSBot, RandomBot } from 'bgio-0.32/dist/ai.js';
import {
  CreateGameReducer,
  Flow,
  FlowWithPhases,
  Game,
  INVALID_MOVE,
  InitializeGame,
  Pass,
  PlayerView,
  TurnOrder,
} from 'bgio-0.32/dist/core.js';
import { PluginPlayer } from 'bgio-0.32/dist/plugins.js';
import type { FlowRelease } from '../flow-era/release';
import { makeFlowRuntime } from '../flow-era/flow-game';
import { wrapGame } from '../flow-era/spec';

/**
 * boardgame.io 0.32.1, the last release of the `flow` API: `flow.phases` is a map by name with
 * `startingPhase`, `next` and the return to the previous phase; `endTurn({ next })`,
 * `endPhase({ next })`, `INVALID_MOVE`, moves and hooks run through immer, and the game is
 * created by `InitializeGame` (with `setupData`).
 */
export const release032: FlowRelease = {
  version: '0.32.1',
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
};

const FlowscopeGame = wrapGame(Game);

export const bgio032 = makeFlowRuntime(release032, {
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
});
