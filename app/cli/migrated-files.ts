import { writeFailure } from '../files/write-atomic';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { withTypeOnlyImports } from '../load/local-files';
import { InputError, UsageError } from './errors';

/** The deepest folder that holds every one of `files`. */
export function commonFolder(files: readonly string[]): string {
  let folder = path.dirname(files[0]);
  while (!files.every((f) => f.startsWith(folder + path.sep))) folder = path.dirname(folder);
  return folder;
}

/**
 * Writes the game's local files under `outDir` (those its bundle read, and the local files they
 * import only for types), with the same layout relative to the folder that holds them all: each
 * migrated file's new text, the others as they are. Refuses to write over
 * any of the originals. Returns the written paths.
 */
export function writeMigratedFiles(outDir: string, inputs: readonly string[], migrated: ReadonlyMap<string, string>): string[] {
  const files = withTypeOnlyImports([...new Set([...inputs.map((f) => path.resolve(f)), ...migrated.keys()])]);
  const root = commonFolder(files);
  const out = path.resolve(outDir);
  const real = (p: string) => (existsSync(p) ? realpathSync(p) : p);
  const targets = files.map((f) => ({ from: f, to: path.join(out, path.relative(root, f)) }));
  const originals = new Set(files.map(real));
  const clash = targets.find((t) => originals.has(real(t.to)));
  if (clash) throw new UsageError(`--out ${outDir} would write over the original ${clash.from}: choose a folder outside the game's files`);
  for (const { from, to } of targets) {
    try {
      mkdirSync(path.dirname(to), { recursive: true });
      writeFileSync(to, migrated.get(from) ?? readFileSync(from, 'utf8'));
    } catch (error) {
      throw new InputError(writeFailure(to, error));
    }
  }
  return targets.map((t) => t.to);
}

/**
 * A unified diff (`--- a/move/play.ts` / `+++ b/move/play.ts`, as `git diff` names files) of each
 * migrated file whose text changed, paths relative to the folder that holds all the game's files;
 * the game file first. Empty when nothing changed.
 */
export function migrationDiff(inputs: readonly string[], migrated: ReadonlyMap<string, string>): string {
  const files = [...new Set([...inputs.map((f) => path.resolve(f)), ...migrated.keys()])];
  const root = commonFolder(files);
  let out = '';
  for (const [file, text] of migrated) {
    const before = readFileSync(file, 'utf8');
    if (before === text) continue;
    const name = path.relative(root, file).split(path.sep).join('/');
    out += createTwoFilesPatch(`a/${name}`, `b/${name}`, before, text, undefined, undefined, {
      context: 3,
      headerOptions: FILE_HEADERS_ONLY,
    });
  }
  return out;
}
