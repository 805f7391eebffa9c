// Writing replays, apart from reading them (replay-file.ts): recording a game needs no schema library.
import type { FlowCtx } from '../types';
import type { ReplayFile, StepExpectation } from './replay-schema';

export const REPLAY_FORMAT = 'flowscope-replay';
export const REPLAY_VERSION = 1;

/** The expectation a step meets now: what `flowscope play --expect` records. */
export function expectationOf(step: number, ok: boolean, ctx: FlowCtx): StepExpectation {
  const e: StepExpectation = {
    step,
    ok,
    phase: ctx.phase,
    turn: ctx.turn,
    currentPlayer: ctx.currentPlayer,
    activePlayers: ctx.activePlayers,
    numMoves: ctx.numMoves,
  };
  if (ctx.gameover !== undefined) e.gameover = ctx.gameover;
  return e;
}

/** Serialises a replay with a stable key order, one action per line. */
export function formatReplay(replay: ReplayFile): string {
  const head = {
    format: replay.format,
    version: replay.version,
    game: replay.game,
    numPlayers: replay.numPlayers,
    seed: replay.seed,
    gameRandomness: replay.gameRandomness,
    setupData: replay.setupData,
  };
  const lines = JSON.stringify(head, null, 2).slice(0, -2).split('\n');
  const list = (key: string, items: unknown[]) =>
    items.length ? `  "${key}": [\n${items.map((i) => `    ${JSON.stringify(i)}`).join(',\n')}\n  ]` : `  "${key}": []`;
  const parts = [lines.join('\n') + ',', list('actions', replay.actions)];
  if (replay.expect) parts[1] += ',\n' + list('expect', replay.expect);
  return `${parts.join('\n')}\n}\n`;
}
