// How the desktop preload is bundled. The sandboxed preload cannot load modules at run time, and
// should not carry the protocol's schemas (zod), so the HostApi method names are read from the
// protocol's one definition at build time and inlined.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The method names the UI may call: the HostApi's (engine/host/host-methods.ts) and the live ones (engine/host/live-methods.ts). */
export async function hostMethodNames() {
  const entry = "export { HOST_METHODS } from './engine/host/host-methods'; export { LIVE_METHODS } from './engine/host/live-methods';";
  const out = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'warning',
  });
  const module = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  return [...module.HOST_METHODS, ...module.LIVE_METHODS];
}

/** esbuild options for dist-electron/preload.cjs (sandboxed preloads must be CommonJS). */
export function preloadBuildOptions(methodNames) {
  return {
    entryPoints: [path.join(root, 'app/electron/preload.ts')],
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    external: ['electron'],
    define: { __FLOWSCOPE_HOST_METHODS__: JSON.stringify(methodNames) },
    logLevel: 'warning',
  };
}
