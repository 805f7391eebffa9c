import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Flowscope's own folder (its package.json, fixtures, renderer/dist): the nearest folder above
 * this module with a package.json, which holds both from the sources (app/cli) and from the
 * build (dist/cli, bundled into a chunk).
 */
export const APP_ROOT = findAppRoot(path.dirname(fileURLToPath(import.meta.url)));

function findAppRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(start, '../..');
  }
}
