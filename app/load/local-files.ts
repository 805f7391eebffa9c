import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LocalFiles } from '../../engine/legacy';
import { parseModule } from '../../engine/lint/ast';
import { GAME_FILE_EXTENSIONS } from './load-game-file';

/**
 * The game's own files as the migration and explore's declared types read them: only `inputs` (the local files the
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
