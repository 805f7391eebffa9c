import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bgio050 } from '../../../engine';
import { definingFile, detectLegacy, legacyOptionsOf, migrateConfig, migrateSourceFiles, type MigrationNote } from '../../../engine/legacy';
import { unwritableFolderReason } from '../../files/write-atomic';
import { InputError, UsageError } from '../errors';
import { localFiles } from '../../load/local-files';
import { migrationDiff, writeMigratedFiles } from '../migrated-files';
import { openGame, type OpenOptions } from '../../game/open-session';
import { verifyMigration, type VerifyProblem } from '../verify-migration';

export const DEFAULT_VERIFY_STEPS = 200;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One stderr line per note: `decision  flow.phases.shop: …` / `info      moves.drawCard: …`. */
export function formatNotes(notes: MigrationNote[]): string[] {
  return notes.map((n) => `${n.severity.padEnd(10)}${n.path ? `${n.path}: ` : ''}${n.message}`);
}

const formatProblem = (p: VerifyProblem) => `${p.kind.padEnd(10)}${p.where ? `${p.where}: ` : ''}${p.message}`;

export interface MigrateOptions {
  game?: string;
  bgio?: string;
  /** Random steps the check plays on the original and the migration (default 200; 0 checks only that it loads and sets up). */
  verifySteps?: number;
  seed?: string;
  numPlayers?: number;
  /** What `setup` gets in the check, on the original and on the migration (`--setup-data`). */
  setupData?: unknown;
  /** Write the game's migrated files (and its other local files) under this folder instead of printing the game file. */
  out?: string;
  /** Print a unified diff of each changed file instead of the game file (nothing is written). */
  diff?: boolean;
  /** How to find the game in a real project (`--game-path`, `--factory-args`, `--stub-module`). */
  open?: OpenOptions;
}

/**
 * `flowscope migrate <game-file>`: prints the game migrated to boardgame.io 0.50 (source to paste,
 * see docs/migration.md) on stdout, and what changed on stderr, then checks the output: it must
 * load and set up on 0.50.2 and agree with the original, over seeded random steps, wherever the
 * releases agree. Exit 0 only then and when no decision is left to a human (each is a
 * `// FLOWSCOPE: decide …` comment in the output); else 1, with each decision and failure.
 */
export async function migrateCommand(
  file: string,
  options: MigrateOptions,
  print: (line: string) => void,
  warn: (line: string) => void,
): Promise<number> {
  if (options.diff && options.out !== undefined) throw new UsageError('--diff prints the changes and --out writes the files: choose one');
  const unwritable = options.out === undefined ? null : unwritableFolderReason(options.out);
  if (unwritable) throw new InputError(`cannot write --out ${options.out}: ${unwritable}`);
  const opened = await openGame(file, options.game, options.bgio, undefined, options.open);
  const config = opened.game.config;
  const migrationOptions = legacyOptionsOf(opened.runtime);
  const local = localFiles(opened.module.inputs);
  // The file that writes the config (the game file, or the one it re-exports the game from).
  const gameFile = definingFile(opened.module.file, opened.game.exportName, local);
  const source = readFileSync(gameFile, 'utf8');
  const found = detectLegacy(config, migrationOptions);
  const { notes } = migrateConfig(config, migrationOptions);
  const files = migrateSourceFiles({ file: gameFile, source }, config, migrationOptions, local);
  const changed = [...files].filter(([f, text]) => f !== gameFile && text !== readFileSync(f, 'utf8'));
  const shown = (f: string) => path.relative(path.dirname(opened.module.file), f);
  if (options.diff) {
    const diff = migrationDiff(opened.module.inputs, files);
    for (const line of diff.replace(/\n$/, '').split('\n')) if (diff) print(line);
  } else if (options.out) {
    const written = writeMigratedFiles(options.out, opened.module.inputs, files);
    for (const f of written) print(f);
  } else {
    for (const line of files.get(gameFile)!.replace(/\n$/, '').split('\n')) print(line);
  }

  const what = `${opened.game.name} (${opened.module.file}) on boardgame.io ${opened.runtime.version}: ${opened.releaseReason}`;
  if (!found.length && !notes.length) {
    warn(`migrate: ${what}`);
    warn(
      `nothing to migrate: this game already uses the boardgame.io 0.50 API (${options.diff ? 'no difference to print' : 'printed unchanged'})`,
    );
    return 0;
  }
  warn(`migrate: ${what}`);
  for (const line of formatNotes(notes)) warn(line);
  if (gameFile !== opened.module.file)
    warn(`the config is written in ${shown(gameFile)}, which ${options.out || options.diff ? 'is migrated' : 'is printed'}`);
  if (changed.length)
    warn(
      `${options.out || options.diff ? 'also migrated' : 'also migrated (not printed: write every file with --out DIR or see them with --diff)'}: ${changed.map(([f]) => shown(f)).join(', ')}`,
    );
  const steps = options.verifySteps ?? DEFAULT_VERIFY_STEPS;
  const verification = await verifyMigration(opened, files, notes, {
    steps,
    seed: options.seed ?? 'flowscope-migrate',
    ...(options.numPlayers ? { numPlayers: options.numPlayers } : {}),
    ...(options.setupData !== undefined ? { setupData: options.setupData } : {}),
  });
  for (const problem of verification.problems) warn(formatProblem(problem));
  // The source migration names some decisions only in the output (a stage event moved out of a phase's onBegin).
  const written = [...files.values()].reduce((sum, text) => sum + (text.match(/FLOWSCOPE: decide/g)?.length ?? 0), 0);
  const noteDecisions = notes.filter((n) => n.severity === 'decision').length;
  const decisions = Math.max(noteDecisions, written);
  const failures = verification.problems.filter((p) => p.kind === 'failure').length;
  const features = new Set(found.map((f) => f.feature)).size;
  const summary = `${plural(found.length, 'legacy finding')} (${plural(features, 'feature')}), ${plural(notes.length - noteDecisions, 'change')}`;
  warn(
    failures
      ? `check: the output does not work on ${bgio050.version} yet (${plural(failures, 'failure')} above)`
      : `check: the output loads on ${bgio050.version} and ${verification.agreedSteps ? `agrees with ${verification.reference} for ${plural(verification.agreedSteps, 'random step')}` : 'sets up'}${verification.viewers ? `, in what each player and a spectator see (playerView)` : ''}${verification.problems.length ? ', up to a difference that a decision explains' : ''}`,
  );
  if (decisions || failures) {
    warn(
      `${summary}, ${decisions ? `${plural(decisions, 'decision')} needed: search the output for "FLOWSCOPE: decide"` : `no decision needed, but ${plural(failures, 'failure')}`}`,
    );
    return 1;
  }
  warn(`${summary}, no decision needed`);
  return 0;
}
