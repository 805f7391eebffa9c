import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import semver from 'semver';
import { RUNTIMES, type BgioCopy, type BgioRuntime } from '../../engine';
import { bindConsoleLate, unbindConsoleLate } from '../../engine/runtime/phases-era/late-console';

/** The runtime a game runs on, and what the project's own installed boardgame.io had to do with it. */
export interface CopyChoice {
  runtime: BgioRuntime;
  /** Said after the release's reason: which copy runs, and why the bundled one when there is one installed. */
  note: string;
}

const requireFromHere = createRequire(import.meta.url);

/** The boardgame.io folder Node resolves from `dir` (nearest `node_modules/boardgame.io` above it), real path. */
export function installedBoardgameIo(dir: string): { dir: string; version: string } | null {
  for (let at = path.resolve(dir); ;) {
    const candidate = path.join(at, 'node_modules', 'boardgame.io', 'package.json');
    if (existsSync(candidate)) {
      try {
        const { version } = JSON.parse(readFileSync(candidate, 'utf8')) as { version?: unknown };
        if (typeof version === 'string') return { dir: realpathSync(path.dirname(candidate)), version };
      } catch {
        // An unreadable package.json is not an installed copy; Node would look no further either.
      }
      return null;
    }
    const parent = path.dirname(at);
    if (parent === at) return null;
    at = parent;
  }
}

function flowscopesOwnCopy(): string | null {
  try {
    return realpathSync(path.dirname(requireFromHere.resolve('boardgame.io/package.json')));
  } catch {
    return null;
  }
}

/**
 * The releases a user may pick, with the one a game runs on in place of the shipped release of its
 * minor (a project's installed 0.50.1 for 0.50.2: picking that minor runs the installed copy again).
 */
export function releasesOffered(shipped: readonly string[], running: string): string[] {
  return shipped.map((version) => (semver.valid(running) && sameMinor(version, running) ? running : version));
}

const sameMinor = (a: string, b: string) => semver.major(a) === semver.major(b) && semver.minor(a) === semver.minor(b);
const minorOf = (v: string) => `${semver.major(v)}.${semver.minor(v)}`;

// One runtime per copy on disk: every game of a project shares it, as their modules share the package.
const onCopies = new Map<string, BgioRuntime>();

/**
 * The game's project's own installed boardgame.io wins over the bundled release of the same minor:
 * the game then runs on the very files it runs on in the project. A copy of another minor (or one
 * Flowscope's own, or none) leaves `shipped`, with the reason. A copy of the same minor whose
 * internals differ from the bundled release's throws (`ReleaseError`), naming its version.
 */
export function preferInstalledCopy(gameFile: string, shipped: BgioRuntime): CopyChoice {
  const installed = installedBoardgameIo(path.dirname(path.resolve(gameFile)));
  if (!installed || installed.dir === flowscopesOwnCopy()) return { runtime: shipped, note: '' };
  const where = `the project's boardgame.io ${installed.version} (${installed.dir})`;
  if (!semver.valid(installed.version))
    return { runtime: shipped, note: `; ${where} has no version Flowscope can read: running on the bundled ${shipped.version}` };
  if (!sameMinor(installed.version, shipped.version))
    return {
      runtime: shipped,
      note: `; ${where} is not ${minorOf(shipped.version)}: running on the bundled ${shipped.version} (Flowscope runs an installed copy of a minor it ships: ${RUNTIMES.map((r) => minorOf(r.version)).join(', ')})`,
    };
  if (!shipped.onCopy) return { runtime: shipped, note: `; ${where} is installed, but ${shipped.version} runs only on its bundled copy` };
  const key = `${installed.dir}@${installed.version}`;
  let runtime = onCopies.get(key);
  if (!runtime) {
    runtime = shipped.onCopy(copyAt(installed.dir, installed.version));
    onCopies.set(key, runtime);
  }
  return { runtime, note: `; running on ${where}` };
}

function copyAt(dir: string, version: string): BgioCopy {
  const requireInCopy = createRequire(path.join(dir, 'package.json'));
  return {
    version,
    load(file) {
      // Releases up to 0.43 bind the console when they load (see late-console.ts): bind it late.
      bindConsoleLate();
      try {
        return requireInCopy(path.join(dir, file));
      } finally {
        unbindConsoleLate();
      }
    },
    entry: (id) => requireInCopy(id),
  };
}
