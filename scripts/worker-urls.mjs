// An esbuild plugin for bundles of app/: a worker's entry named in the sources as
// `new URL('./name.ts', import.meta.url)` becomes `./name.mjs`, the built entry of that name beside
// the bundle (every entry and chunk of a build lies in one folder, so `import.meta.url` of any
// chunk finds it). A built entry then runs in its worker as it is, without tsx.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const WORKER_URL = /new URL\((['"])\.\/([\w-]+)\.ts\1, import\.meta\.url\)/g;

/** `text` with its worker URLs rewritten, and an error for each worker that is not one of `entries` (names without extension). */
export function rewriteWorkerUrls(text, entries) {
  const errors = [];
  const contents = text.replace(WORKER_URL, (_all, quote, name) => {
    if (!entries.includes(name))
      errors.push({ text: `${name}.ts is started as a worker but is not an entry of this build (${entries.join(', ')})` });
    return `new URL(${quote}./${name}.mjs${quote}, import.meta.url)`;
  });
  return { contents, errors };
}

/** The plugin: `entries` are the names the build writes as `<name>.mjs`. */
export function workerUrls(entries) {
  return {
    name: 'flowscope-worker-urls',
    setup(build) {
      build.onLoad({ filter: /[\\/]app[\\/].*\.ts$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        return { ...rewriteWorkerUrls(text, entries), loader: 'ts', resolveDir: path.dirname(args.path) };
      });
    },
  };
}
