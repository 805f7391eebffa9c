/**
 * Exhaustive search against its floor: a plain breadth-first search that runs boardgame.io's bare
 * reducer with the same actions (the game's `ai.enumerate`, else the search's own candidates),
 * copies each state before expanding it as the search does (0.50 mutates some ctx objects in
 * place) and dedups states by the same key and hash. Both sides must find the same number of
 * states. Beside it, the search's states per CPU second on `bang` to a depth limit.
 */
import path from 'node:path';
import { bgio050, findGames, selectGame, type BgioState, type FlowAction, type GameConfig } from '../../engine';
import { exhaustiveSearch } from '../../engine/explore/exhaustive/exhaustive';
import { searchActions } from '../../engine/explore/exhaustive/search-actions';
import { hashKey, stateKey } from '../../engine/explore/exhaustive/state-key';
import { StateTable } from '../../engine/explore/exhaustive/state-table';
import { newExploreSession } from '../../engine/explore/playout';
import { withConsoleTo } from '../../engine/runtime/console-capture';
import { readFlowCtx } from '../../engine/runtime/read-ctx';
import { bareStep, INTERNAL_050, phasesStart } from '../../engine/testing/bare-reducer';
import { cloneGraph } from '../../engine/util/clone-graph';
import { loadGameModule } from '../../app/load/load-game-file';
import { alternate, cpuMs, type Row } from '../measure';
import { root } from './games';

const fixture = async (name: string): Promise<GameConfig> =>
  selectGame(findGames((await loadGameModule(path.join(root, 'fixtures', name, 'game.ts'), bgio050)).exports)).config;

/** The floor: the bare reducer, the same actions and the same dedup. Returns the number of distinct states. */
export function bareBfs(config: GameConfig, numPlayers: number, seed: string, maxDepth = Infinity): number {
  return withConsoleTo(null, () => {
    const bare = phasesStart(INTERNAL_050, () => config, numPlayers, seed)();
    const enumerate = (config.ai as { enumerate?: (G: unknown, ctx: unknown, id: string) => unknown[] } | undefined)?.enumerate;
    // Without ai.enumerate the floor takes the search's own candidate list (its reads of the state are not the reducer's work).
    const session = enumerate ? null : newExploreSession({ runtime: bgio050, config, numPlayers }, seed);
    const actionsOf = (state: BgioState): FlowAction[] => {
      if (session) return searchActions(session, state).map((c) => c.action);
      const ctx = state.ctx;
      if (ctx.gameover !== undefined) return [];
      const players: string[] = ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
      return players.flatMap((playerID) =>
        (enumerate!(state.G, ctx, playerID) as { move?: string; event?: string; args?: unknown[] }[]).map(
          (m) => ({ type: m.move ? 'move' : 'event', name: m.move ?? m.event, args: m.args ?? [], playerID }) as FlowAction,
        ),
      );
    };
    const table = new StateTable();
    const [hi, lo] = hashKey(stateKey(bare.initial.G, readFlowCtx(bare.initial)));
    table.add(hi, lo, -1, 0);
    let frontier: { state: BgioState; id: number }[] = [{ state: cloneGraph(bare.initial, true), id: 0 }];
    for (let depth = 0; frontier.length && depth < maxDepth; depth++) {
      const next: typeof frontier = [];
      for (const { state, id } of frontier) {
        if (state.ctx.gameover !== undefined) continue;
        actionsOf(state).forEach((action, i) => {
          let after: BgioState;
          try {
            after = bareStep(bare, cloneGraph(state, true), action);
          } catch {
            return;
          }
          const [h, l] = hashKey(stateKey(after.G, readFlowCtx(after)));
          const added = table.add(h, l, id, i);
          if (added >= 0) next.push({ state: after, id: added });
        });
      }
      frontier = next;
    }
    return table.size;
  });
}

export async function exhaustiveRows(rounds: number, bangDepth = 4): Promise<Row[]> {
  const ticTacToe = await fixture('tic-tac-toe');
  const game = { runtime: bgio050, config: ticTacToe, numPlayers: 2 };
  const floorStates = bareBfs(ticTacToe, 2, 'bench');
  const searched = exhaustiveSearch(game, { seed: 'bench' });
  if (floorStates !== searched.distinctStates)
    throw new Error(`the floor found ${floorStates} states and the search ${searched.distinctStates}: they do not do the same work`);
  const r = await alternate(
    rounds,
    () => cpuMs(() => bareBfs(ticTacToe, 2, 'bench')),
    () => cpuMs(() => exhaustiveSearch(game, { seed: 'bench' })),
  );
  const [search] = r.subjects;
  const rows: Row[] = [
    {
      measure: `exhaustive search vs a bare-reducer BFS (tic-tac-toe, ${searched.distinctStates} states)`,
      ratio: search.ratio,
      goal: '<= 2x',
      met: search.ratio <= 2,
      detail: `floor ${r.anchor.toFixed(0)} ms, search ${search.subject.toFixed(0)} ms CPU; ${searched.transitions} reducer calls, ${searched.traced} re-run traced; rounds ${search.ratios.map((x) => x.toFixed(2)).join(' ')}`,
    },
  ];
  const bang = await fixture('bang');
  const bangGame = { runtime: bgio050, config: bang, numPlayers: 4 };
  const bangFloor = bareBfs(bang, 4, 'bench', bangDepth);
  let bangResult = exhaustiveSearch(bangGame, { seed: 'bench', maxDepth: bangDepth });
  if (bangFloor !== bangResult.distinctStates)
    throw new Error(`bang: the floor found ${bangFloor} states and the search ${bangResult.distinctStates}`);
  const b = await alternate(
    rounds,
    () => cpuMs(() => bareBfs(bang, 4, 'bench', bangDepth)),
    () => cpuMs(() => (bangResult = exhaustiveSearch(bangGame, { seed: 'bench', maxDepth: bangDepth }))),
  );
  const [bs] = b.subjects;
  rows.push({
    measure: `exhaustive search vs a bare-reducer BFS (bang, 4 players, depth ${bangDepth}, ${bangResult.distinctStates} states)`,
    ratio: bs.ratio,
    goal: '<= 2x',
    met: bs.ratio <= 2,
    detail: `${Math.round(bangResult.distinctStates / (bs.subject / 1000))} states and ${Math.round(bangResult.transitions / (bs.subject / 1000))} reducer calls per CPU second (floor ${Math.round(bangResult.distinctStates / (b.anchor / 1000))} states/s); ${bangResult.traced} of ${bangResult.transitions} re-run traced; rounds ${bs.ratios.map((x) => x.toFixed(2)).join(' ')}`,
  });
  return rows;
}
