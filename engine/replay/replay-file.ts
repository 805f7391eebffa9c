import { describeIssues, plainIssueMessage } from '../schema/issues';
import { replayFileSchema, type ReplayFile } from './replay-schema';
import { describeReplayLinesDamage, isReplayLines, readReplayLines } from './replay-lines';

export { EXPECTATION_KEYS, replayFileSchema, stepExpectationSchema, type ReplayFile, type StepExpectation } from './replay-schema';
export { REPLAY_FORMAT, REPLAY_VERSION, expectationOf, formatReplay } from './replay-format';
export {
  describeReplayLinesDamage,
  formatReplayActionLines,
  formatReplayHeaderLine,
  readReplayLines,
  type ReplayLines,
  type ReplayLinesDamage,
} from './replay-lines';

/** A replay that cannot be used; `problems` names every bad field. */
export class ReplayError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid replay file:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ReplayError';
  }
}

/**
 * Parses and validates a replay (JSON text, its line form as the crash journal writes it, or an
 * already-parsed value). Throws ReplayError, and nothing else.
 */
export function parseReplay(input: string | unknown): ReplayFile {
  let data: unknown = input;
  if (typeof input === 'string' && isReplayLines(input)) {
    const read = readReplayLines(input)!;
    if (read.damaged) throw new ReplayError([describeReplayLinesDamage(read.damaged)]);
    // A last line cut short (a crash mid-write) is left out: the actions before it replay.
    data = { ...read.header, actions: read.actions };
  } else if (typeof input === 'string') {
    try {
      data = JSON.parse(input);
    } catch (error) {
      if (input.startsWith('{"kind":"open"'))
        throw new ReplayError([
          'a session journal written by an older Flowscope, before journals were replays: restore it with `flowscope serve --restore` (the restored session is journaled as a replay)',
        ]);
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
