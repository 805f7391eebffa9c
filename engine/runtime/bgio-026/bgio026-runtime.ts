import * as ai from 'bgio-0.26/dist/ai.js';
import * as core from 'bgio-0.26/dist/core.js';
import type { BgioRuntime } from '../bgio-runtime';
import { loadChecked } from '../copy-modules';
import { cloneGraph } from '../../util/clone-graph';
import type { FlowRelease } from '../flow-era/release';
import { makeFlowRuntime } from '../flow-era/flow-game';
import { wrapGame } from '../flow-era/spec';

/**
 * boardgame.io 0.26.3: `flow.phases` is an array of `{ name, … }` run round robin (no
 * `startingPhase`, no `next`), `endTurn('3')` and `endPhase('B')` take a playerID / phase
 * name, turn orders may return `{ playOrderPos, actionPlayers }`, there is no immer (moves
 * return the new G) and no `INVALID_MOVE` (a move returning undefined is refused), and
 * `CreateGameReducer({ game, numPlayers })` creates the game itself (no `InitializeGame`).
 */
const release026 = ({ Game, CreateGameReducer }: typeof core, version: string): FlowRelease => ({
  version,
  Game,
  start(game, numPlayers) {
    const reducer = CreateGameReducer({ game, numPlayers });
    // The reducer's default state is the initial state it built. It is kept private (copied
    // here), since `RESET` returns that very object and game code may mutate what it is given.
    const initial = reducer(undefined, { type: '@@flowscope/INIT' });
    return { reducer, state: cloneGraph(initial) };
  },
  // `RESET` ignores the state it is given and returns the reducer's own initial state.
  reset: (reducer, state) => cloneGraph(reducer(state, { type: 'RESET' })),
  phases: 'array',
  endTurnArg: 'playerID',
  endPhaseArg: 'name',
  afterPhase: 'round-robin',
  invalidMove: 'undefined',
  events: ['endTurn', 'endPhase', 'endGame', 'setActionPlayers'],
  // Only enabled events exist at all (in `flow.eventNames` and on `ctx.events`).
  enabledEvents: (flow) => [...(flow.eventNames ?? [])],
});

/** 0.26 on its core and ai modules (the bundled copy's, or a project's installed 0.26.x). */
function runtime026(version: string, lib: typeof core, { AI, MCTSBot, RandomBot }: typeof ai): BgioRuntime {
  const { CreateGameReducer, Flow, FlowWithPhases, Pass, PlayerView, TurnOrder } = lib;
  const FlowscopeGame = wrapGame(lib.Game);
  return makeFlowRuntime(
    release026(lib, version),
    {
      'boardgame.io/core': { Game: FlowscopeGame, CreateGameReducer, Flow, FlowWithPhases, TurnOrder, Pass, PlayerView },
      // The root export's game-logic part (its clients need React and a browser).
      'boardgame.io': { Game: FlowscopeGame, Flow, FlowWithPhases, TurnOrder, Pass, AI, RandomBot, MCTSBot },
      'boardgame.io/ai': { AI, RandomBot, MCTSBot },
    },
    (copy) =>
      runtime026(
        copy.version,
        loadChecked(
          copy,
          'dist/core.js',
          ['Game', 'CreateGameReducer', 'Flow', 'FlowWithPhases', 'TurnOrder', 'Pass', 'PlayerView'],
          version,
        ),
        loadChecked(copy, 'dist/ai.js', ['AI', 'RandomBot', 'MCTSBot'], version),
      ),
  );
}

export const bgio026 = runtime026('0.26.3', core, ai);
