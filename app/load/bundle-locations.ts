import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';

const FRAME = /\(?([^\s()]+):(\d+):(\d+)\)?$/;

/**
 * Says where in the game's own files the current call comes from: the innermost stack frame in
 * the bundle that maps (through esbuild's source map) to a file outside node_modules, as
 * `helpers/deck.ts:12`, plus the package when the call itself is inside one (lodash).
 * `bundleFile` is the name the bundle was compiled under; `lineOffset` the lines the wrapper adds
 * before the bundle's first line; paths are given relative to `root`.
 */
export interface CallSite {
  /** `helpers/deck.ts:12`: the innermost frame in the game's own files. */
  where?: string;
  /** The package the call itself is inside, when it is (`lodash`). */
  viaPackage?: string;
}

export function createLocator(bundleFile: string, code: string, lineOffset: number, root: string): () => CallSite {
  let map: SourceMap | null | undefined;
  const mapOf = (): SourceMap | null => {
    if (map !== undefined) return map;
    const inline = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(code);
    try {
      map = inline ? new SourceMap(JSON.parse(Buffer.from(inline[1], 'base64').toString('utf8')) as SourceMapPayload) : null;
    } catch {
      map = null;
    }
    return map;
  };
  return () => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 60;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    const sourceMap = mapOf();
    let viaPackage: string | undefined;
    for (const line of stack.split('\n').slice(1)) {
      const m = FRAME.exec(line.trim());
      if (!m || m[1] !== bundleFile) continue;
      const entry = sourceMap?.findEntry(Number(m[2]) - 1 - lineOffset, Number(m[3]) - 1) as
        { originalSource?: string; originalLine?: number } | undefined;
      if (!entry?.originalSource) continue;
      const source = entry.originalSource.startsWith('file://')
        ? new URL(entry.originalSource).pathname
        : path.resolve(entry.originalSource);
      const pkg = packageOf(source);
      if (pkg) {
        viaPackage ??= pkg;
        continue;
      }
      return { where: `${path.relative(root, source) || path.basename(source)}:${(entry.originalLine ?? 0) + 1}`, viaPackage };
    }
    return { viaPackage };
  };
}

/** `/x/node_modules/lodash/_baseRandom.js` → `lodash`; `@scope/pkg` kept whole. */
function packageOf(file: string): string | undefined {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  return parts[at + 1]?.startsWith('@') ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1];
}
