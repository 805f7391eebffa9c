// How the desktop preload is bundled. The sandboxed preload cannot load modules at run time, and
// should not carry the protocol's schemas (zod), so the HostApi method names are read from the
// protocol's one definition at build time and inlined.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The HostApi method names, from engine/host/host-methods.ts. */
export async function hostMethodNames() {
  const out = await build({ entryPoints: [path.join(root, 'engine/host/host-methods.ts')], bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'warning' });
  const module = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  return [...module.HOST_METHODS];
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
