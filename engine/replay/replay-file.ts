import { describeIssues, plainIssueMessage } from '../schema/issues';
import type { FlowCtx } from '../types';
import { replayFileSchema, type ReplayFile, type StepExpectation } from './replay-schema';

export { EXPECTATION_KEYS, REPLAY_FORMAT, REPLAY_VERSION, replayFileSchema, stepExpectationSchema, type ReplayFile, type StepExpectation } from './replay-schema';

/** A replay that cannot be used; `problems` names every bad field. */
export class ReplayError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid replay file:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ReplayError';
  }
}

/** Parses and validates a replay (JSON text or an already-parsed value). Throws ReplayError, and nothing else. */
export function parseReplay(input: string | unknown): ReplayFile {
  let data: unknown = input;
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input);
    } catch (error) {
      throw new ReplayError([`not JSON: ${(error as Error).message}`]);
    }
  }
  const actions = (data as { actions?: unknown } | null)?.actions;
  const lastStep = Array.isArray(actions) ? actions.length : Infinity;
  let result: ReturnType<ReturnType<typeof replayFileSchema>['safeParse']>;
  try {
    result = replayFileSchema(lastStep).safeParse(data, { error: plainIssueMessage });
  } catch (error) {
    // A value no JSON text produces (a getter that throws, a revoked proxy).
    throw new ReplayError([`unreadable replay: ${(error as Error)?.message ?? String(error)}`]);
  }
  if (!result.success) throw new ReplayError(describeIssues(result.error));
  return result.data;
}

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
  const head = { format: replay.format, version: replay.version, game: replay.game, numPlayers: replay.numPlayers, seed: replay.seed, gameRandomness: replay.gameRandomness, setupData: replay.setupData };
  const lines = JSON.stringify(head, null, 2).slice(0, -2).split('\n');
  const list = (key: string, items: unknown[]) =>
    items.length ? `  "${key}": [\n${items.map((i) => `    ${JSON.stringify(i)}`).join(',\n')}\n  ]` : `  "${key}": []`;
  const parts = [lines.join('\n') + ',', list('actions', replay.actions)];
  if (replay.expect) parts[1] += ',\n' + list('expect', replay.expect);
  return `${parts.join('\n')}\n}\n`;
}
