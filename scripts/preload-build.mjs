// How the desktop preload is bundled. The sandboxed preload cannot load modules at run time, and
// should not carry the protocol's schemas (zod), so the HostApi method names and the desktop calls'
// channels are read from the protocol's one definition at build time and inlined.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The protocol's tables, bundled and loaded in Node. */
async function protocolTables() {
  const entry =
    "export { HOST_METHODS } from './engine/host/host-methods'; export { LIVE_METHODS } from './engine/host/live-methods'; export { desktopChannels } from './engine/host/desktop-methods';";
  const out = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'warning',
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
}

/** The method names the UI may call: the HostApi's (engine/host/host-methods.ts) and the live ones (engine/host/live-methods.ts). */
export async function hostMethodNames() {
  const tables = await protocolTables();
  return [...tables.HOST_METHODS, ...tables.LIVE_METHODS];
}

/** The desktop calls and their channels (`DESKTOP_METHOD_SCHEMAS`, engine/host/desktop-methods.ts). */
export async function desktopMethodChannels() {
  return (await protocolTables()).desktopChannels();
}

/** What the preload is built with: the host method names and the desktop calls' channels. */
export async function preloadDefinitions() {
  const tables = await protocolTables();
  return { hostMethods: [...tables.HOST_METHODS, ...tables.LIVE_METHODS], desktopChannels: tables.desktopChannels() };
}

/** esbuild options for dist-electron/preload.cjs (sandboxed preloads must be CommonJS). */
export function preloadBuildOptions({ hostMethods, desktopChannels }) {
  return {
    entryPoints: [path.join(root, 'app/electron/preload.ts')],
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    external: ['electron'],
    define: {
      __FLOWSCOPE_HOST_METHODS__: JSON.stringify(hostMethods),
      __FLOWSCOPE_DESKTOP_METHODS__: JSON.stringify(desktopChannels),
    },
    logLevel: 'warning',
  };
}
