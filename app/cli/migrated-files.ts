import { writeFailure } from '../files/write-atomic';
import { existsSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import type { LocalFiles } from '../../engine/legacy';
import { parseModule } from '../../engine/lint/ast';
import { GAME_FILE_EXTENSIONS } from '../load/load-game-file';
import { InputError, UsageError } from './errors';

/**
 * The game's own files as `migrateSourceFiles` reads them: only `inputs` (the local files the
 * game's bundle read, no package), resolved the way the bundler resolves relative imports.
 */
export function localFiles(inputs: readonly string[]): LocalFiles {
  const known = new Set(inputs.map((f) => path.resolve(f)));
  return {
    read: (file) => (known.has(file) ? readFileSync(file, 'utf8') : undefined),
    resolve: (from, specifier) => resolveLocal(from, specifier, (c) => known.has(c)),
  };
}

/** The local file a relative `specifier` imported by `from` names, among those `exists` accepts, as the bundler resolves it. */
function resolveLocal(from: string, specifier: string, exists: (file: string) => boolean): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  // TypeScript written for ES modules imports `./x.js` for `./x.ts`.
  const stem = base.replace(/\.[mc]?jsx?$/, '');
  const candidates = [
    base,
    ...GAME_FILE_EXTENSIONS.map((e) => base + e),
    ...GAME_FILE_EXTENSIONS.map((e) => stem + e),
    ...GAME_FILE_EXTENSIONS.map((e) => path.join(base, `index${e}`)),
  ];
  return candidates.find(exists) ?? null;
}

/**
 * `files` and the local files they import only for types (`import type { IG } from './types'`,
 * `export type { … } from`), which the bundle never reads but the migrated TypeScript needs.
 */
export function withTypeOnlyImports(files: readonly string[]): string[] {
  const out = new Set(files);
  const queue = [...files];
  for (let k = 0; k < queue.length && out.size < 2000; k++) {
    const file = queue[k];
    const ast = existsSync(file) ? parseModule(readFileSync(file, 'utf8'), file) : null;
    for (const node of ast?.program.body ?? []) {
      const from =
        (node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source
          ? node.source.value
          : null;
      const local = from === null ? null : resolveLocal(file, from, (c) => existsSync(c) && statSync(c).isFile());
      if (local && !out.has(local) && !local.includes(`${path.sep}node_modules${path.sep}`)) {
        out.add(local);
        queue.push(local);
      }
    }
  }
  return [...out];
}

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
