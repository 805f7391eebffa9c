import { unwritableReason } from '../../files/write-atomic';
import { InputError } from '../errors';
import { writeOut } from '../write-out';
import path from 'node:path';
import { testFileFor, toPlain } from '../../../engine';
import { runReplay } from './replay';
import type { OpenOptions } from '../../game/open-session';

export interface ExportTestOptions {
  game?: string;
  bgio?: string;
  runner: 'vitest' | 'jest';
  withG: boolean;
  /** The test file to write; stdout without it. */
  out?: string;
  /** Where the game is in a real project (`--game-path`, `--factory-args`, `--stub-module`); the replay's record otherwise. */
  open?: OpenOptions;
}

const SCRIPT_EXTENSIONS = /\.(ts|tsx|js|jsx)$/;

/** `flowscope export-test`: a replay as a test file that runs on boardgame.io's own Client. */
export async function exportTestCommand(
  gameFile: string,
  replayFile: string,
  options: ExportTestOptions,
  print: (line: string) => void,
  warn: (line: string) => void,
): Promise<number> {
  const unwritable = options.out === undefined ? null : unwritableReason(options.out);
  if (unwritable) throw new InputError(`cannot write --out ${options.out}: ${unwritable}`);
  const run = await runReplay(gameFile, replayFile, options.game, undefined, options.bgio, options.open);
  if (run.hashWarning) warn(run.hashWarning);
  if (run.opened.runtime.era !== 'context')
    warn(`note: the test uses boardgame.io 0.50's Client API; this game runs on ${run.opened.runtime.version}`);
  const Gs: unknown[] = [];
  if (options.withG) run.session.walk((_, state) => Gs.push(toPlain(state.G)));
  const from = options.out ? path.dirname(path.resolve(options.out)) : process.cwd();
  let specifier = path.relative(from, run.opened.module.file).split(path.sep).join('/').replace(SCRIPT_EXTENSIONS, '');
  if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  const text = testFileFor(run.replay, {
    runner: options.runner,
    gameImport: specifier,
    exportName: run.opened.game.exportName,
    gamePath: run.opened.options.gamePath,
    factoryArgs: run.opened.options.factoryArgs,
    Gs: options.withG ? Gs : undefined,
  });
  if (options.out) {
    writeOut(options.out, text);
    warn(
      `wrote ${options.out}: ${run.replay.actions.length} actions, ${run.replay.expect?.length ?? 0} expectations${options.withG ? ' and G at each' : ''}`,
    );
  } else print(text.trimEnd());
  return 0;
}
