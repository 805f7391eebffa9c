// Bundles the desktop app's main process, preload and engine worker into dist-electron/.
// The preload is CommonJS (sandboxed preloads cannot be ES modules); the rest is ESM.
// `--no-sourcemap` (the npm package's build): without the inline source maps, a third of the size.
import { build } from 'esbuild';
import { preloadBuildOptions, preloadDefinitions } from './preload-build.mjs';
import { workerUrls } from './worker-urls.mjs';

// The main process starts the engine worker beside it (dist-electron/engine-worker.mjs).
const sourcemap = process.argv.includes('--no-sourcemap') ? false : 'inline';
const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  sourcemap,
  logLevel: 'warning',
  plugins: [workerUrls(['engine-worker'])],
};
await Promise.all([
  build({
    ...common,
    entryPoints: ['app/electron/main.ts'],
    outfile: 'dist-electron/main.mjs',
    format: 'esm',
    external: ['electron', 'esbuild', 'chokidar', 'fsevents'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  }),
  build({ ...preloadBuildOptions(await preloadDefinitions()), sourcemap, outfile: 'dist-electron/preload.cjs' }),
  build({
    ...common,
    entryPoints: ['app/host/engine-worker.ts'],
    outfile: 'dist-electron/engine-worker.mjs',
    format: 'esm',
    external: ['esbuild', 'fsevents'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  }),
]);
console.log('built dist-electron/main.mjs, preload.cjs, engine-worker.mjs');
