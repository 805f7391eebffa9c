import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';

const FRAME = /\(?([^\s()]+):(\d+):(\d+)\)?$/;

/**
 * Where in the game's own files the current call comes from: the innermost stack frame in the
 * bundle that maps (through esbuild's source map) to a file outside node_modules, as
 * `helpers/deck.ts:12` (relative to the locator's `root`), plus the package when the call itself
 * is inside one (lodash).
 */
export interface CallSite {
  /** `helpers/deck.ts:12`: the innermost frame in the game's own files. */
  where?: string;
  /** The package the call itself is inside, when it is (`lodash`). */
  viaPackage?: string;
}

/** A place in one of the bundle's sources, and the `file:line:column` of the stack frame that names it. */
interface Original {
  source: string;
  line: number;
  column: number;
  frame: string;
}

/**
 * The bundle's positions in the sources it was built from, through its inline source map (read
 * once, on first use). `bundleFile` is the name the bundle was compiled under; `lineOffset` the
 * lines the wrapper adds before the bundle's first line.
 */
export class BundleMap {
  private map: SourceMap | null | undefined;

  constructor(
    readonly bundleFile: string,
    private readonly code: string,
    private readonly lineOffset: number,
  ) {}

  /** Where the stack line `at f (/game.ts:40:7)` really is, or null for a frame outside the bundle (or unmapped). */
  originalOf(stackLine: string): Original | null {
    const m = FRAME.exec(stackLine.trim());
    if (!m || m[1] !== this.bundleFile) return null;
    const entry = this.sourceMap()?.findEntry(Number(m[2]) - 1 - this.lineOffset, Number(m[3]) - 1) as
      { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
    if (!entry?.originalSource) return null;
    const source = entry.originalSource.startsWith('file://') ? new URL(entry.originalSource).pathname : path.resolve(entry.originalSource);
    return { source, line: (entry.originalLine ?? 0) + 1, column: (entry.originalColumn ?? 0) + 1, frame: `${m[1]}:${m[2]}:${m[3]}` };
  }

  private sourceMap(): SourceMap | null {
    if (this.map !== undefined) return this.map;
    const inline = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(this.code);
    try {
      this.map = inline ? new SourceMap(JSON.parse(Buffer.from(inline[1], 'base64').toString('utf8')) as SourceMapPayload) : null;
    } catch {
      this.map = null;
    }
    return this.map;
  }
}

export function createLocator(bundle: BundleMap, root: string): () => CallSite {
  return () => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 60;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    let viaPackage: string | undefined;
    for (const line of stack.split('\n').slice(1)) {
      const original = bundle.originalOf(line);
      if (!original) continue;
      const pkg = packageOf(original.source);
      if (pkg) {
        viaPackage ??= pkg;
        continue;
      }
      return { where: `${relativeTo(root, original.source)}:${original.line}`, viaPackage };
    }
    return { viaPackage };
  };
}

/** What a game's bundle says about an error its code threw, in the terms of the game's own files. */
export interface ThrowLocator {
  /** `helpers/deck.ts:12:5`: the innermost frame of `error` in the game's own files (not node_modules), if any. */
  where(error: unknown): string | undefined;
  /** The error's first line and its frames in the bundle (at most `max`), each at its source file, line and column. */
  stack(error: unknown, max?: number): string;
}

export function createThrowLocator(bundle: BundleMap, root: string): ThrowLocator {
  const stackOf = (error: unknown) => (error instanceof Error && typeof error.stack === 'string' ? error.stack : '');
  return {
    where(error) {
      for (const line of stackOf(error).split('\n').slice(1)) {
        const original = bundle.originalOf(line);
        if (original && !packageOf(original.source)) return `${relativeTo(root, original.source)}:${original.line}:${original.column}`;
      }
      return undefined;
    },
    stack(error, max = Infinity) {
      const [first, ...rest] = stackOf(error).split('\n');
      if (!first) return String(error);
      const frames: string[] = [];
      for (const line of rest) {
        if (frames.length >= max) break;
        const original = bundle.originalOf(line);
        if (!original) continue;
        const shown = packageOf(original.source) ? original.source : relativeTo(root, original.source);
        frames.push(line.replace(original.frame, `${shown}:${original.line}:${original.column}`));
      }
      return [first, ...frames].join('\n');
    },
  };
}

const relativeTo = (root: string, source: string) => path.relative(root, source) || path.basename(source);

/** `/x/node_modules/lodash/_baseRandom.js` → `lodash`; `@scope/pkg` kept whole. */
function packageOf(file: string): string | undefined {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  return parts[at + 1]?.startsWith('@') ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1];
}
