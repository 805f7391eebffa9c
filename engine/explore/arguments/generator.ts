import type { BgioState, PlayerID } from '../../types';
import { cloneGraph } from '../../util/clone-graph';
import { describeError } from '../../util/plain';
import type { GameCodeWatch } from './run-move';
import type { ArgGenerator } from './sources';

/** The user's `--args` generator for a move threw or returned something that is not a list of argument lists. */
export class ArgGeneratorError extends Error {
  constructor(
    readonly move: string,
    problem: string,
  ) {
    super(`the --args generator for move \`${move}\` ${problem}`);
    this.name = 'ArgGeneratorError';
  }
}

/** The argument lists the user's generator gives for `move` in `state`, checked: a list of lists. */
export function generatedArguments(
  generate: ArgGenerator,
  move: string,
  state: BgioState,
  playerID: PlayerID,
  watch: GameCodeWatch,
): unknown[][] {
  let lists: unknown;
  watch.onGameCode?.(`the --args generator for ${move}`);
  try {
    lists = generate({ G: cloneGraph(state.G), ctx: cloneGraph(state.ctx), playerID });
  } catch (error) {
    throw new ArgGeneratorError(move, `threw: ${describeError(error)}`);
  } finally {
    watch.onGameCodeDone?.();
  }
  if (!Array.isArray(lists)) throw new ArgGeneratorError(move, `returned ${describeValue(lists)}, not a list of argument lists`);
  const bad = lists.findIndex((l) => !Array.isArray(l));
  if (bad >= 0)
    throw new ArgGeneratorError(move, `returned a list whose item ${bad} is ${describeValue(lists[bad])}, not an argument list (an array)`);
  return lists as unknown[][];
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'object') return Array.isArray(value) ? 'an array' : 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}
