// `npm run build:cli` (also run by `npm install`): the command line and its worker threads,
// bundled ahead of time into dist/cli, so a command starts without compiling TypeScript.
// bin/flowscope.mjs runs this build while it is fresh (see bin/built-cli.mjs), else the sources.
// `--if-stale`: build only when the sources changed since the last build.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { BUILT_CLI_DIR, builtCliState, INPUTS_FILE, inputsRecord, ROOT } from '../bin/built-cli.mjs';
import { barrelImports } from './barrel-imports.mjs';
import { rewriteWorkerUrls } from './worker-urls.mjs';

/** Entry name → source: the two the bin script imports, and every worker thread's entry. */
export const CLI_ENTRIES = {
  main: 'app/cli/main.ts',
  'run-watched': 'app/cli/run-watched.ts',
  'cli-worker': 'app/cli/cli-worker.ts',
  'explore-worker': 'app/explore/explore-worker.ts',
  'exhaustive-worker': 'app/explore/exhaustive-worker.ts',
  'engine-worker': 'app/host/engine-worker.ts',
};

/**
 * boardgame.io 0.50 and esbuild must be the files on disk (game code resolves its other
 * boardgame.io imports there; esbuild starts its binary from beside its package). Both load at
 * every start, so they are loaded with `require`: an ES module import of CommonJS first scans each
 * file for its exports. (The older releases load only on demand, as the sources import them.)
 */
const requiredFromDisk = {
  name: 'flowscope-required-from-disk',
  setup(build) {
    const filter = /^(boardgame\.io|esbuild)(\/|$)/;
    build.onResolve({ filter }, (args) =>
      args.namespace === 'required-from-disk' ? { path: args.path, external: true } : { path: args.path, namespace: 'required-from-disk' },
    );
    build.onLoad({ filter: /.*/, namespace: 'required-from-disk' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/**
 * @babel/parser is evaluated on the first parse instead of at every start (about 10 ms): most
 * games' lint checks are settled by a skim of the text (engine/lint/skim.ts), so most commands
 * never parse. Its `parse` is the only value Flowscope imports from it (engine/lint/ast.ts).
 */
const parserOnFirstUse = {
  name: 'flowscope-parser-on-first-use',
  setup(build) {
    const namespace = 'parser-on-first-use';
    const importer = path.join(ROOT, 'engine', 'lint', 'ast.ts');
    build.onResolve({ filter: /^@babel\/parser$/ }, (args) => (args.importer === importer ? { path: args.path, namespace } : undefined));
    build.onLoad({ filter: /.*/, namespace }, () => ({
      contents: "export const parse = (text, options) => require('@babel/parser').parse(text, options);",
      loader: 'js',
      resolveDir: ROOT,
    }));
  },
};

/** Flowscope's own TypeScript: worker URLs to the built entries, imports of an index to the modules behind it. */
function ownSources(entries) {
  const direct = barrelImports();
  return {
    name: 'flowscope-own-sources',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        const { contents, errors } = rewriteWorkerUrls(direct(text, args.path) ?? text, entries);
        return contents === text ? undefined : { contents, errors, loader: 'ts', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/** Builds dist/cli (into a fresh folder, then swapped in, so a running command never sees half a build). */
export async function buildCli({ ifStale = false } = {}) {
  if (ifStale && builtCliState().fresh) return false;
  const staging = `${BUILT_CLI_DIR}-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(CLI_ENTRIES).map(([out, input]) => ({ in: input, out })),
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Packages are bundled too (loading many CommonJS files from ES modules costs more than the
    // code itself), except boardgame.io's older copies (loaded on demand, 0.39-0.49 while the console
    // is bound late), chokidar (native file watching) and `requiredFromDisk`.
    external: ['bgio-*', 'chokidar', 'fsevents', 'bufferutil', 'utf-8-validate'],
    // Bundled CommonJS code, and `requiredFromDisk`, call `require`.
    banner: {
      js: "import { createRequire as __flowscopeRequire } from 'node:module'; const require = __flowscopeRequire(import.meta.url);",
    },
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    // Less text to read and compile at each start; names are kept for stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [ownSources(Object.keys(CLI_ENTRIES)), requiredFromDisk, parserOnFirstUse],
  });
  const sources = Object.keys(result.metafile.inputs)
    .filter((p) => !p.includes('node_modules') && !/^[\w-]+:/.test(p))
    .map((p) => path.relative(ROOT, path.resolve(ROOT, p)));
  const inputs = [
    ...sources,
    'scripts/build-cli.mjs',
    'scripts/worker-urls.mjs',
    'scripts/barrel-imports.mjs',
    'bin/built-cli.mjs',
    'tsconfig.json',
  ];
  writeFileSync(path.join(staging, INPUTS_FILE), JSON.stringify(inputsRecord(inputs)));
  if (existsSync(BUILT_CLI_DIR)) rmSync(BUILT_CLI_DIR, { recursive: true, force: true });
  try {
    renameSync(staging, BUILT_CLI_DIR);
  } catch (error) {
    // Another build (a second test run) swapped its own in meanwhile: it is built from the same sources.
    rmSync(staging, { recursive: true, force: true });
    if (!builtCliState().fresh) throw error;
  }
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const built = await buildCli({ ifStale: process.argv.includes('--if-stale') });
  if (built) console.log(`built ${path.relative(process.cwd(), BUILT_CLI_DIR) || BUILT_CLI_DIR}`);
}
