import path from 'node:path';
import { describeAction, formatReplay, replayMatch, type MatchRecord, type StateView, type StoredState } from '../../../engine';
import { readServerMatch, readStoredMatch } from '../../attach/match-sources';
import { unwritableReason } from '../../files/write-atomic';
import { writeOut } from '../write-out';
import { InputError, UsageError } from '../errors';
import { replayOfGame } from '../../game/replay-of-game';
import { newSession, openGame, type OpenOptions } from '../../game/open-session';

export interface ImportMatchOptions {
  file: string;
  game?: string;
  bgio?: string;
  server?: string;
  storage?: string;
  match: string;
  out?: string;
  /** Where the game is in a real project (`--game-path`, `--factory-args`, `--stub-module`). */
  open?: OpenOptions;
}

/**
 * `flowscope import-match`: a boardgame.io match (from a running server, as a spectator, or from a
 * FlatFile storage folder) as a Flowscope replay. Every gap in boardgame.io's log is named with its
 * step, and the replay is checked against the stored latest state. Exit 0 when it matches, 1 when not.
 */
export async function importMatchCommand(
  options: ImportMatchOptions,
  print: (line: string) => void,
  warn: (line: string) => void,
): Promise<number> {
  if (!!options.server === !!options.storage) throw new UsageError('import-match needs exactly one of --server URL or --storage DIR');
  // Refuse a bad --out before reading the match, so no import is ever lost to it.
  const unwritable = options.out === undefined ? null : unwritableReason(options.out);
  if (unwritable) throw new InputError(`cannot write --out ${options.out}: ${unwritable}`);
  const opened = await openGame(options.file, options.game, options.bgio, undefined, options.open);
  const config = opened.game.config;
  let record: MatchRecord;
  let view: StateView | undefined;
  if (options.server) {
    record = await readServerMatch(options.server, options.match, config);
    // A spectator sees G through the game's playerView (playerID null).
    if (typeof config.playerView === 'function')
      view = (s: StoredState) => ({ G: config.playerView({ G: s.G, ctx: s.ctx, playerID: null }), ctx: s.ctx });
  } else {
    record = readStoredMatch(options.storage!, options.match);
  }
  const { imported } = replayMatch((seed, numPlayers) => newSession(opened, numPlayers, seed, record.setupData ?? null), record, view);
  const replayDir = options.out ? path.dirname(path.resolve(options.out)) : process.cwd();
  const replay = replayOfGame(opened, replayDir, {
    numPlayers: imported.numPlayers,
    seed: imported.seed,
    setupData: record.setupData ?? null,
    actions: imported.actions,
  });
  const text = formatReplay(replay);
  if (options.out) writeOut(options.out, text);
  else print(text.trimEnd());
  warn(
    `match ${options.match}: ${imported.actions.length} actions from ${record.log.length} log entries (seed ${JSON.stringify(imported.seed)}, ${imported.numPlayers} players)${options.out ? `, written to ${options.out}` : ''}`,
  );
  for (const gap of imported.gaps) {
    const action = imported.actions[gap.step - 1];
    warn(
      `  gap at step ${gap.step}${action && gap.kind !== 'missing-entry' ? ` (${describeAction(action)})` : ''}: ${gap.kind}: ${gap.message}`,
    );
  }
  if (imported.difference) {
    const d = imported.difference;
    warn(
      `the replay differs from the stored state at step ${d.step}: ${d.path} is ${JSON.stringify(d.ours)} in Flowscope, ${JSON.stringify(d.theirs)} in the match`,
    );
    return 1;
  }
  warn(
    record.state
      ? `the replay's last state equals the stored state${imported.gaps.length ? ' (despite the gaps above)' : ''}`
      : 'no stored state to compare with',
  );
  return 0;
}
