// Layers by reach, not by line: dependency-cruiser checks each import on its own, so a value
// import deep inside a pure engine file that the protocol re-exports could pull the session, the
// runtime and boardgame.io into the page with every direct import still allowed. This bundles each
// client-side entry the way it ships (esbuild drops type-only imports) and follows the bundle's
// module graph from the entry to any module that entry must never contain.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Modules no client-side bundle may contain: the engine's Session, its boardgame.io runtime, and any
 * boardgame.io release. (Pure modules beside the session, such as its breakpoint descriptions, may ship.)
 */
export const SERVER_ONLY = /^engine\/session\/session\.ts$|^engine\/runtime\/|(^|\/)node_modules\/(boardgame\.io|bgio-0\.\d+)\//;

export interface ClientEntry {
  /** What the entry is, as the message names it. */
  name: string;
  /** Entry files, relative to the project. */
  files: string[];
  platform: 'browser' | 'node';
  external?: string[];
  define?: Record<string, string>;
}

/** The page (and its layout worker), the desktop preload and the attach client. */
export const CLIENT_ENTRIES: ClientEntry[] = [
  { name: 'the page', files: ['renderer/src/main.tsx', 'renderer/src/chart/elk-layout.worker.ts'], platform: 'browser' },
  {
    name: 'the desktop preload',
    files: ['app/electron/preload.ts'],
    platform: 'node',
    external: ['electron'],
    define: { __FLOWSCOPE_HOST_METHODS__: '[]', __FLOWSCOPE_DESKTOP_METHODS__: '{}' },
  },
  { name: 'the attach client', files: ['attach/flowscope-attach.mjs'], platform: 'browser' },
];

/** One forbidden module an entry reaches, with the shortest import path to it. */
export interface Reach {
  entry: string;
  module: string;
  path: string[];
}

/** Bundles an entry (without writing it) and returns esbuild's module graph. */
async function moduleGraph(entry: ClientEntry, plugins: Plugin[]): Promise<Metafile> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: entry.files,
    bundle: true,
    write: false,
    metafile: true,
    outdir: 'reach-check',
    format: 'esm',
    platform: entry.platform,
    external: entry.external,
    define: entry.define,
    loader: { '.png': 'empty', '.svg': 'empty', '.woff2': 'empty' },
    logLevel: 'silent',
    plugins,
  });
  return result.metafile;
}

/** Breadth-first from the entry files, so each forbidden module is named with the shortest path that reaches it. */
function shortestPaths(graph: Metafile, entries: string[], forbidden: RegExp): Map<string, string[]> {
  const parent = new Map<string, string | null>(entries.map((file) => [file, null]));
  const queue = [...entries];
  const found = new Map<string, string[]>();
  while (queue.length) {
    const file = queue.shift()!;
    if (forbidden.test(file)) {
      const trail: string[] = [];
      for (let at: string | null | undefined = file; at; at = parent.get(at)) trail.unshift(at);
      found.set(file, trail);
      continue;
    }
    for (const imported of graph.inputs[file]?.imports ?? []) {
      if (imported.external || parent.has(imported.path)) continue;
      parent.set(imported.path, file);
      queue.push(imported.path);
    }
  }
  return found;
}

/** Every server-only module a client-side entry reaches (none when the layers hold). `plugins` lets a test change a file as esbuild reads it. */
export async function forbiddenReach(entries = CLIENT_ENTRIES, plugins: Plugin[] = [], forbidden = SERVER_ONLY): Promise<Reach[]> {
  const out: Reach[] = [];
  for (const entry of entries) {
    const graph = await moduleGraph(entry, plugins);
    for (const [module, trail] of shortestPaths(graph, entry.files, forbidden)) out.push({ entry: entry.name, module, path: trail });
  }
  return out;
}

/** One line per reach: which entry, which module, and the path of imports that brings it in. */
export function describeReach(reaches: Reach[]): string {
  // A linked node_modules (a worktree, npm link) shows as ../…/node_modules in esbuild's paths.
  const short = (file: string) => file.replace(/^.*?node_modules\//, 'node_modules/');
  return reaches.map((r) => `${r.entry} contains ${short(r.module)}, through ${r.path.map(short).join(' → ')}`).join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const reaches = await forbiddenReach();
  if (reaches.length) {
    console.error(`Layers by reach: a client-side bundle contains server-only code.\n${describeReach(reaches)}`);
    process.exit(1);
  }
}
