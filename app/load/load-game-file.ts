import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readRegularTextFile } from '../files/read-regular-file';
import { shownPath } from '../files/shown-path';
import { createRequire } from 'node:module';
import path from 'node:path';
import { format } from 'node:util';
import vm from 'node:vm';
import * as esbuild from 'esbuild';
import { Entropy, type BgioRuntime, type EntropyUse, type GameRandomness } from '../../engine';
import { BundleMap, createLocator, createThrowLocator, type ThrowLocator } from './bundle-locations';
import { createSandbox } from './sandbox-globals';
import { gameRandomnessFor } from './sandbox-mode';
import { withConsoleTo } from '../../engine/runtime/console-capture';
import { withStdoutToStderr } from './stdout-to-stderr';
import { activity } from './activity';

export const GAME_FILE_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];

/** A game file that could not be bundled or evaluated; the message says where and why. */
export class GameLoadError extends Error {
  override name = 'GameLoadError';
}

/** How to bundle a real project's game file. */
export interface BundleOptions {
  /** Packages replaced by a stub that does nothing (`--stub-module`): e.g. a UI library the game file imports. */
  stubModules?: string[];
}

export interface LoadedGameModule {
  file: string;
  exports: Record<string, unknown>;
  /**
   * sha256 of every local file the bundle read (their paths relative to the game file, and their
   * text): the replay file's `game.sha256`, so an edit to an imported helper counts as a change.
   */
  sha256: string;
  /** sha256 of the game file's own text (what replays recorded before the bundle hash hold). */
  fileSha256: string;
  /** Every local file the bundle read (to watch for changes). */
  inputs: string[];
  /** Whether the bundle's randomness and clock are seeded (see sandbox-globals.ts). */
  gameRandomness: GameRandomness;
  /** What the module read from `Math.random`, the clock or `crypto` while it loaded. */
  loadEntropy: EntropyUse[];
  /** Evaluates the same bundle again: a fresh module, as a second process would have it. */
  evaluateAgain(): Record<string, unknown>;
  /** Reads a name or chain of names (`Phases.PLAY`) at the top level of the game's bundle: what the game's code means by it. */
  nameScope: (expression: string) => unknown;
  /** Where in the game's own files an error its code threw comes from (`src/deck.ts:12:5`), through the bundle's source map. */
  locateThrow(error: unknown): string | undefined;
  /** The bundle, to hand to another thread that loads the same game (`LoadOptions.prebuilt`). */
  bundle: PrebuiltBundle;
}

export interface SandboxOptions {
  /** `real` leaves the game's `Math.random`, clock and `crypto` alone (`--no-sandbox-random`). */
  gameRandomness?: GameRandomness;
}

export interface LoadOptions extends SandboxOptions, BundleOptions {
  /** Absolute path → text to bundle in place of that file on disk (`flowscope migrate` checks its output so). */
  contents?: ReadonlyMap<string, string>;
  /**
   * The bundle another thread already made of this file with these options (its `bundle`): used as
   * it is instead of bundling again (explore's workers share their parent's).
   */
  prebuilt?: PrebuiltBundle;
}

/** A game file's bundle and the local files it read, as `loadGameModule` made them. */
export interface PrebuiltBundle {
  code: string;
  inputs: string[];
}

// Module-load values come from this fixed seed, not the session's: in boardgame.io a module loads
// once per process and every match in it shares what it drew, and so the values are the same in
// every Flowscope process, for every session and after every reload (see docs/determinism.md).
const MODULE_LOAD_SEED = 'flowscope:module-load';

// The wrapper puts the bundle on a line of its own: its lines are the source map's plus one.
const BUNDLE_LINE_OFFSET = 1;

const requireFromHere = createRequire(import.meta.url);

export function hashFile(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** One hash of a bundle's local inputs, independent of where the game's folder lies. */
export function hashInputs(gameFile: string, inputs: string[]): string {
  const hash = createHash('sha256');
  const base = path.dirname(gameFile);
  for (const input of [...inputs].sort()) {
    hash.update(path.relative(base, input).split(path.sep).join('/')).update('\0');
    hash.update(existsSync(input) ? readFileSync(input) : '').update('\0');
  }
  return hash.digest('hex');
}

/**
 * Bundles a user's game file with esbuild (TS, TSX and modern JS, JSX in .js as create-react-app
 * writes it; its own imports included, through the nearest tsconfig/jsconfig's `baseUrl`/`paths`)
 * and evaluates it with `boardgame.io` resolved to `runtime`'s copy, so the game runs on exactly the
 * release Flowscope observes. `runtime` may be chosen from the bundle's inputs (every local file).
 */
export async function loadGameModule(
  file: string,
  runtime: BgioRuntime | ((inputs: string[]) => BgioRuntime | Promise<BgioRuntime>),
  options: LoadOptions = {},
): Promise<LoadedGameModule> {
  const absolute = checkedGameFile(file);
  const { code, inputs } = options.prebuilt ?? (await bundleGameFile(absolute, options));
  const gameRandomness = gameRandomnessFor(options.gameRandomness);
  const chosen = typeof runtime === 'function' ? await runtime(inputs) : runtime;
  const stubs = options.stubModules ?? [];
  const bundle = new BundleMap(absolute, code, BUNDLE_LINE_OFFSET);
  const throws = createThrowLocator(bundle, path.dirname(absolute));
  const { exports, loadEntropy, nameScope } = evaluateBundle(absolute, code, chosen, gameRandomness, stubs, bundle, throws);
  const evaluateAgain = () => evaluateBundle(absolute, code, chosen, gameRandomness, stubs, bundle, throws).exports;
  // Text given in place of the files on disk (a migration being checked) is what was loaded.
  const replaced = options.contents?.get(absolute);
  const fileSha256 = replaced !== undefined ? createHash('sha256').update(replaced).digest('hex') : hashFile(absolute);
  const sha256 = options.contents?.size ? fileSha256 : hashInputs(absolute, inputs);
  return {
    file: absolute,
    exports,
    sha256,
    fileSha256,
    inputs,
    gameRandomness,
    loadEntropy,
    evaluateAgain,
    nameScope,
    locateThrow: (e) => throws.where(e),
    bundle: { code, inputs },
  };
}

/** The game file's absolute path, once it is known to exist and to be a kind of file a game may be. */
function checkedGameFile(file: string): string {
  const absolute = path.resolve(file);
  if (!existsSync(absolute)) throw new GameLoadError(`game file not found: ${absolute}`);
  if (!GAME_FILE_EXTENSIONS.includes(path.extname(absolute))) {
    throw new GameLoadError(`${absolute}: a game file must be ${GAME_FILE_EXTENSIONS.join(', ')}`);
  }
  return absolute;
}

/**
 * The game file bundled, without running any of it: for a caller that loads the same game in more
 * than one thread (`LoadOptions.prebuilt`), so esbuild runs once.
 */
export async function bundleGame(file: string, options: LoadOptions = {}): Promise<PrebuiltBundle> {
  return bundleGameFile(checkedGameFile(file), options);
}

/** esbuild's bundle of the game file with its local imports (boardgame.io left out), and the local files it read. */
async function bundleGameFile(absolute: string, options: LoadOptions): Promise<PrebuiltBundle> {
  // esbuild would block on a FIFO and echo a binary file's bytes in its error: refuse both first.
  try {
    readRegularTextFile(absolute, 'game file');
  } catch (error) {
    throw new GameLoadError((error as Error).message);
  }
  let result: esbuild.BuildResult & { outputFiles: esbuild.OutputFile[]; metafile: esbuild.Metafile };
  try {
    result = (await esbuild.build({
      entryPoints: [absolute],
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      metafile: true,
      sourcemap: 'inline',
      logLevel: 'silent',
      jsx: 'automatic',
      loader: PROJECT_LOADERS,
      ...projectConfig(absolute),
      plugins: [
        ...(options.contents?.size ? [replaceContents(options.contents)] : []),
        ...(options.stubModules?.length ? [stubModulesPlugin(options.stubModules)] : []),
        reactFallbackPlugin,
      ],
      external: ['boardgame.io', 'boardgame.io/*'],
    })) as typeof result;
  } catch (error) {
    throw new GameLoadError(formatBuildFailure(absolute, error));
  }
  const code = result.outputFiles[0].text;
  const inputs = Object.keys(result.metafile.inputs)
    .filter((p) => !p.includes('node_modules'))
    .map((p) => path.resolve(p));
  return { code, inputs };
}

const LOADERS: Record<string, esbuild.Loader> = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.jsx': 'jsx' };

/** Bundles `contents` (absolute path → text) in place of those files, as if they were on disk (`flowscope migrate` checks its output so). */
function replaceContents(contents: ReadonlyMap<string, string>): esbuild.Plugin {
  return {
    name: 'flowscope-replace-contents',
    setup(build) {
      build.onLoad({ filter: /.*/ }, (args) => {
        const text = contents.get(path.resolve(args.path));
        if (text === undefined) return undefined;
        // The same loaders as the files on disk (JSX in .js too), so a migration is checked as `play` loads it.
        const loader = PROJECT_LOADERS[path.extname(args.path)] ?? LOADERS[path.extname(args.path)] ?? 'js';
        return { contents: text, loader, resolveDir: path.dirname(args.path) };
      });
    },
  };
}

// Game files of real projects import styles and images beside their logic; they mean nothing here.
const PROJECT_LOADERS: Record<string, esbuild.Loader> = {
  '.js': 'jsx',
  ...Object.fromEntries(
    ['.css', '.scss', '.sass', '.less', '.svg', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.mp3', '.wav', '.woff', '.woff2'].map((ext) => [
      ext,
      'empty' as const,
    ]),
  ),
};

/** The nearest tsconfig.json (or jsconfig.json, as create-react-app projects have) above the game file. */
export function nearestProjectConfig(file: string): string | null {
  let dir = path.dirname(file);
  for (;;) {
    for (const name of ['tsconfig.json', 'jsconfig.json']) {
      const candidate = path.join(dir, name);
      if (existsSync(candidate)) return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir || existsSync(path.join(dir, 'package.json'))) return null;
    dir = parent;
  }
}

// esbuild finds a tsconfig.json by itself, but not a jsconfig.json, and an explicit one also
// applies to files outside its folder (a game kept in a sibling package).
function projectConfig(file: string): Partial<esbuild.BuildOptions> {
  const config = nearestProjectConfig(file);
  return config ? { tsconfig: config } : {};
}

// JSX compiles to imports of react/jsx-runtime: a game file copied out of its project (or a project
// whose dependencies are not installed) gets Flowscope's own React rather than a bundling error.
const reactFallbackPlugin: esbuild.Plugin = {
  name: 'flowscope-react-fallback',
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, async (args) => {
      if (args.pluginData === 'fallback') return undefined;
      const found = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'fallback',
      });
      return found.errors.length ? { path: args.path, external: true } : undefined;
    });
  },
};

// A stubbed package does nothing: every export (default, named or through a namespace, at any
// depth) is a function that returns undefined, so toasts, asserts and loggers in game code are
// skipped. It is left external by the bundle and handed out by the game's `require`.
function makeStub(): unknown {
  const skip = (key: string | symbol) => key === 'then' || key === '__esModule' || typeof key === 'symbol';
  const stub: unknown = new Proxy(function stubbed() {}, {
    get: (_target, key) => (skip(key) ? undefined : stub),
    apply: () => undefined,
    construct: () => ({}),
    // esbuild's namespace interop copies a module onto an object made from its prototype.
    getPrototypeOf: () => prototype,
  });
  const prototype = new Proxy({}, { get: (_target, key) => (skip(key) ? undefined : stub) });
  return stub;
}

const isStubbed = (names: readonly string[], id: string) => names.some((n) => id === n || id.startsWith(`${n}/`));

function stubModulesPlugin(names: string[]): esbuild.Plugin {
  return {
    name: 'flowscope-stub-modules',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) =>
        args.kind !== 'entry-point' && isStubbed(names, args.path) ? { path: args.path, external: true } : undefined,
      );
    },
  };
}

function formatBuildFailure(file: string, error: unknown): string {
  const messages = (error as { errors?: esbuild.Message[] }).errors;
  if (!messages?.length) return `${file}: could not be bundled: ${(error as Error).message}`;
  const missing = new Set<string>();
  const aliased = new Map<string, string>();
  const lines = messages.map((m) => {
    const where = m.location ? `${shownPath(m.location.file)}:${m.location.line}:${m.location.column + 1}` : file;
    const snippet = m.location?.lineText ? `\n    ${m.location.lineText.trim()}` : '';
    const unresolved = /^Could not resolve "([^"]+)"/.exec(m.text)?.[1];
    if (unresolved && !unresolved.startsWith('.') && !path.isAbsolute(unresolved)) {
      const folder = projectFolderNamed(file, packageOf(unresolved));
      if (folder) aliased.set(packageOf(unresolved), folder);
      else missing.add(packageOf(unresolved));
    }
    return `${where}: ${m.text}${snippet}`;
  });
  const aliasAdvice = [...aliased].map(([name, folder]) => `\n${aliasAdviceFor(file, name, folder)}`).join('');
  const wayOut = missing.size
    ? `\n${[...missing].join(', ')} ${missing.size === 1 ? 'is a package that is' : 'are packages that are'} not installed beside the game: install the project's dependencies (npm install in its folder), or, when the game's flow does not need ${missing.size === 1 ? 'it' : 'them'}, replace ${missing.size === 1 ? 'it' : 'them'} with a stub that does nothing: ${[...missing].map((m) => `--stub-module ${m}`).join(' ')}`
    : '';
  // One error is one line (its code line only when there are several): a terminal shows it whole.
  if (messages.length === 1 && !wayOut && !aliasAdvice) return `${path.basename(file)} has an error: ${lines[0].split('\n')[0]}`;
  return `${path.basename(file)} has ${messages.length === 1 ? 'an error' : `${messages.length} errors`}:\n${lines.join('\n')}${aliasAdvice}${wayOut}`;
}

/** The project's folder nearest above `file` (the one with package.json), else the game's own folder. */
function projectRoot(file: string): string {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.dirname(file);
  }
}

/**
 * Where a bare import's first segment (`components` of `components/Board`) is a folder or file of the
 * project itself: beside the game, in a folder above it up to the project's, or in that one's `src`.
 * Such an import goes through a path alias (`baseUrl`), not a package.
 */
function projectFolderNamed(file: string, name: string): string | null {
  if (name.startsWith('@')) return null;
  const root = projectRoot(file);
  const bases: string[] = [];
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    bases.push(dir);
    if (dir === root || path.dirname(dir) === dir) break;
  }
  bases.push(path.join(root, 'src'));
  for (const base of bases)
    for (const candidate of [name, ...['.ts', '.tsx', '.js', '.jsx'].map((ext) => name + ext)])
      if (existsSync(path.join(base, candidate))) return path.join(base, name);
  return null;
}

function aliasAdviceFor(file: string, name: string, folder: string): string {
  const root = projectRoot(file);
  const baseUrl = path.relative(root, path.dirname(folder)).split(path.sep).join('/') || '.';
  const config = nearestProjectConfig(file);
  const where = config
    ? `${shownPath(config)} does not map it (no matching "baseUrl" or "paths")`
    : 'no tsconfig.json or jsconfig.json beside the project sets one (a create-react-app NODE_PATH is not read)';
  const target = config ?? path.join(root, 'jsconfig.json');
  return (
    `${name} is a folder of the project (${path.relative(root, folder).split(path.sep).join('/')}), not a package: the import reads it through a path alias, and ${where}; ` +
    `make it resolve with { "compilerOptions": { "baseUrl": "${baseUrl}" } } in ${shownPath(target)}`
  );
}

/** `lodash/shuffle` → `lodash`, `@scope/pkg/sub` → `@scope/pkg`. */
function packageOf(id: string): string {
  const parts = id.split('/');
  return id.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const stderrSink = { log: (_level: string, args: unknown[]) => process.stderr.write(`${format(...args)}\n`) };

function evaluateBundle(
  file: string,
  code: string,
  runtime: BgioRuntime,
  gameRandomness: GameRandomness,
  stubModules: readonly string[],
  bundle: BundleMap,
  throws: ThrowLocator,
): { exports: Record<string, unknown>; loadEntropy: EntropyUse[]; nameScope: (expression: string) => unknown } {
  const module = { exports: {} as Record<string, unknown> };
  const params = '(function (exports, require, module, __filename, __dirname, ';
  const entropy = new Entropy(MODULE_LOAD_SEED, gameRandomness);
  const sandbox = createSandbox(entropy, createLocator(bundle, path.dirname(file)));
  const unsetEnv = new Set<string>();
  const gameProcess = processNotingUnsetEnv(unsetEnv);
  const names = [...Object.keys(sandbox.bindings), 'process'];
  const gameRequire = (id: string): unknown => {
    if (isStubbed(stubModules, id)) return makeStub();
    if (Object.prototype.hasOwnProperty.call(sandbox.modules, id)) return sandbox.modules[id];
    if (id === 'boardgame.io' || id.startsWith('boardgame.io/')) {
      const provided = runtime.modules[id];
      if (provided) return provided;
    }
    return requireFromHere(id);
  };
  let run: (...args: unknown[]) => (expression: string) => unknown;
  try {
    // The bundle's top level is one scope (esbuild hoists every module into it): a direct eval at its
    // end reads what a name in the game's functions means (`Phases.PLAY`), for the chart.
    const wrapper = `${params}${names.join(', ')}) {\n${code}\n;return (expression) => eval(expression);\n})`;
    run = vm.runInThisContext(wrapper, { filename: file });
  } catch (error) {
    throw new GameLoadError(`${file}: could not be compiled: ${(error as Error).message}`);
  }
  // The module's top level is game code too: a loop there is the game's, and so is its output,
  // which goes to stderr (never into a command's machine-readable stdout).
  activity.gameCode(`the top level of ${path.basename(file)}`);
  let readName: (expression: string) => unknown = () => undefined;
  try {
    entropy.run('load', true, () =>
      withConsoleTo(stderrSink, () =>
        withStdoutToStderr(
          () =>
            (readName = run(
              module.exports,
              gameRequire,
              module,
              file,
              path.dirname(file),
              ...names.map((n) => (n === 'process' ? gameProcess : sandbox.bindings[n])),
            )),
        ),
      ),
    );
  } catch (error) {
    const env = [...unsetEnv].map((n) => `process.env.${n}`);
    const unset = env.length
      ? `\n  it read ${env.join(', ')}, which ${env.length === 1 ? 'is' : 'are'} not set: set ${env.length === 1 ? 'it' : 'them'} where flowscope runs (${[...unsetEnv].map((n) => `${n}=…`).join(' ')} npx flowscope …)`
      : '';
    throw new GameLoadError(`${file} threw while it was being loaded: ${throws.stack(error, 4)}${unset}`);
  } finally {
    activity.gameCodeDone();
  }
  const loadEntropy = entropy.takeUses();
  // Game code a UI calls between steps draws from here too; it is no step's, so nothing is noted.
  entropy.recording = false;
  return { exports: module.exports, loadEntropy, nameScope: nameScopeOf(readName) };
}

/**
 * The game's `process`: the real one, except that reading an environment variable that is not set
 * is noted, so a module that throws at load for want of one can be told which.
 */
function processNotingUnsetEnv(unset: Set<string>): NodeJS.Process {
  const env = new Proxy(process.env, {
    get(target, key) {
      const value = Reflect.get(target, key);
      // NODE_ENV is read by libraries everywhere, set or not: it says nothing of why the game threw.
      if (value === undefined && typeof key === 'string' && key !== 'NODE_ENV') unset.add(key);
      return value;
    },
  });
  return new Proxy(process, {
    get(target, key) {
      if (key === 'env') return env;
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const NAME_CHAIN = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[(?:'[^'\\]*'|"[^"\\]*")\])*$/;

/** Only names and chains of names are read (nothing is called); a name the module cannot read has no value. */
function nameScopeOf(readName: (expression: string) => unknown): (expression: string) => unknown {
  return (expression) => {
    if (!NAME_CHAIN.test(expression)) return undefined;
    try {
      return readName(expression);
    } catch {
      return undefined;
    }
  };
}
