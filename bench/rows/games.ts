import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bgio050,
  findGames,
  RandomPlayer,
  selectGame,
  Session,
  type BgioRuntime,
  type FlowAction,
  type GameConfig,
  type OpenRequest,
} from '../../engine';
import { bgio049 } from '../../engine/runtime/bgio-049/bgio049-runtime';
import { internal as internal049 } from '../../engine/runtime/bgio-049/bgio';
import { bgio043 } from '../../engine/runtime/bgio-043/bgio043-runtime';
import { internal as internal043 } from '../../engine/runtime/bgio-043/bgio';
import { bgio039 } from '../../engine/runtime/bgio-039/bgio039-runtime';
import { internal as internal039 } from '../../engine/runtime/bgio-039/bgio';
import { bgio032 } from '../../engine/runtime/bgio-032/bgio032-runtime';
import { bgio026 } from '../../engine/runtime/bgio-026/bgio026-runtime';
import { specOf } from '../../engine/runtime/flow-era/spec';
import { withConsoleTo } from '../../engine/runtime/console-capture';
import { bareStep, flow026Start, flow032Start, INTERNAL_050, phasesStart, type BareStart } from '../../engine/testing/bare-reducer';
import { loadGameModule } from '../../app/load/load-game-file';
import { makePhasesCards } from '../games/phases-cards';
import { cpuMs } from '../measure';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A game on one release, and boardgame.io's own reducer for it with nothing of Flowscope's in between. */
export interface BenchGame {
  release: string;
  label: string;
  runtime: BgioRuntime;
  numPlayers: number;
  /** A fresh config (releases mutate theirs). */
  config(): Promise<GameConfig>;
  /** The bare reducer over `actions` (CPU ms of the loop alone); `keep` sees every output. */
  bare(actions: FlowAction[], seed: string, keep?: (state: unknown) => void): Promise<number>;
  /** How the UI's host opens the same game (its `open` request, without the seed). */
  open: Omit<OpenRequest, 'seed'>;
}

const fixture = (name: string, runtime: BgioRuntime) => async () =>
  selectGame(findGames((await loadGameModule(path.join(root, 'fixtures', name, 'game.ts'), runtime)).exports)).config;

/** The CPU time of the bare reducer over the actions, a throwing action leaving the state as it was (as in a session). */
function loop(bare: BareStart, actions: FlowAction[], keep?: (state: unknown) => void): number {
  return withConsoleTo(null, () =>
    cpuMs(() => {
      let state = bare.initial;
      for (const action of actions) {
        try {
          state = bareStep(bare, state, action);
        } catch {
          /* unchanged */
        }
        keep?.(state);
      }
    }),
  );
}

/** A fixture on the release it was written for; `start` makes the release's bare reducer for its config. */
function fixtureGame(
  release: string,
  name: string,
  runtime: BgioRuntime,
  numPlayers: number,
  start: (config: GameConfig, numPlayers: number, seed: string) => () => BareStart,
): BenchGame {
  const config = fixture(name, runtime);
  return {
    release,
    label: name,
    runtime,
    numPlayers,
    open: { game: name, numPlayers },
    config,
    async bare(actions, seed, keep) {
      return loop(withConsoleTo(null, start(await config(), numPlayers, seed)), actions, keep);
    },
  };
}

/** The `(G, ctx)` bench game on a release of the phases API before 0.50. */
const phasesCards = (release: string, runtime: BgioRuntime, internal: typeof internal049): BenchGame => ({
  release,
  label: 'phases-cards (bench game)',
  runtime,
  numPlayers: 3,
  open: {
    game: path.join(root, 'bench', 'games', 'phases-cards.ts'),
    exportName: 'makePhasesCards',
    factoryArgs: [],
    bgio: release,
    numPlayers: 3,
  },
  config: async () => makePhasesCards(),
  async bare(actions, seed, keep) {
    return loop(withConsoleTo(null, phasesStart(internal, makePhasesCards, 3, seed)), actions, keep);
  },
});

export const GAMES: BenchGame[] = [
  fixtureGame('0.50.2', 'bang', bgio050, 4, (config, n, seed) => phasesStart(INTERNAL_050, () => config, n, seed)),
  phasesCards('0.49.13', bgio049, internal049),
  phasesCards('0.43.3', bgio043, internal043),
  phasesCards('0.39.16', bgio039, internal039),
  fixtureGame('0.32.1', 'legacy-card-phases', bgio032, 1, (config, n, seed) => flow032Start(() => specOf(config, '0.32.1'), n, seed)),
  fixtureGame('0.26.3', 'legacy-turn-orders', bgio026, 4, (config, n, seed) => flow026Start(() => specOf(config, '0.26.3'), n, seed)),
];

/** A seeded random game of `steps` actions, restarted at each game over. */
export async function recordActions(game: BenchGame, steps: number, seed: string): Promise<FlowAction[]> {
  const session = new Session({ runtime: game.runtime, config: await game.config(), numPlayers: game.numPlayers, seed });
  const bot = new RandomPlayer({ seed, restartOnGameOver: true });
  while (session.lastIndex < steps) session.dispatch(bot.choose(session)!);
  return session.actions();
}

/** A traced session over `actions`, and the CPU ms its dispatches took. */
export async function tracedSession(game: BenchGame, actions: FlowAction[], seed: string): Promise<{ session: Session; ms: number }> {
  const session = new Session({ runtime: game.runtime, config: await game.config(), numPlayers: game.numPlayers, seed });
  const ms = cpuMs(() => {
    for (const a of actions) session.dispatch(a);
  });
  return { session, ms };
}
