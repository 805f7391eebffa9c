import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_RUNTIME,
  generationOf,
  GENERATION_LABEL,
  resolveRange,
  RUNTIMES,
  runtimeByVersion,
  type ApiEra,
  type ShippedRelease,
} from '../../engine';
import { chooseByEvidence, describeEvidence, findReleaseEvidence, judge, type ReleaseEvidence } from '../../engine/legacy';

export interface ReleaseChoice {
  /** The release to run on (`loadRuntime` loads it). */
  runtime: ShippedRelease;
  /** Why this release: shown to the user. */
  reason: string;
  /** What in the game's files points to a release (file:line), agreeing with the choice or not. */
  evidence: ReleaseEvidence[];
  /** When nothing names the release (no --bgio, no package.json range): that it is a guess, and the --bgio to try instead. */
  guess?: string;
}

/** Says the release was guessed from the code, with the other releases of the same API to try. */
function guessNote(runtime: ShippedRelease, why: string): string {
  const others = RUNTIMES.filter((r) => r.era === runtime.era && r.version !== runtime.version).map((r) => `--bgio ${r.version}`);
  const alternatives = others.length ? others : RUNTIMES.filter((r) => r.version !== runtime.version).map((r) => `--bgio ${r.version}`);
  return `boardgame.io ${runtime.version} is a guess (${why}): if the game was written for another release, try ${alternatives.join(' or ')}`;
}

export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

/** The nearest package.json above `file` that depends on boardgame.io, the range it asks for, and the locked version. */
export function declaredRange(file: string): { packageJson: string; range: string; locked?: { file: string; version: string } } | null {
  let dir = path.dirname(path.resolve(file));
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate)) {
      try {
        const pkg = JSON.parse(readFileSync(candidate, 'utf8'));
        for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
          const range = pkg[field]?.['boardgame.io'];
          if (typeof range === 'string') {
            const locked = lockedVersion(dir);
            return { packageJson: candidate, range, ...(locked ? { locked } : {}) };
          }
        }
      } catch {
        // An unreadable package.json says nothing about the release; keep looking upwards.
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** The boardgame.io version a lockfile beside package.json pinned (npm or yarn), if any. */
function lockedVersion(dir: string): { file: string; version: string } | undefined {
  const npmLock = path.join(dir, 'package-lock.json');
  if (existsSync(npmLock)) {
    try {
      const lock = JSON.parse(readFileSync(npmLock, 'utf8'));
      const version = lock.packages?.['node_modules/boardgame.io']?.version ?? lock.dependencies?.['boardgame.io']?.version;
      if (typeof version === 'string') return { file: npmLock, version };
    } catch {
      // A broken lockfile is not evidence.
    }
  }
  const yarnLock = path.join(dir, 'yarn.lock');
  if (existsSync(yarnLock)) {
    const match = /^"?boardgame\.io@[^\n]*:\n\s+version:? "?([\d.]+[^"\n]*)"?/m.exec(readFileSync(yarnLock, 'utf8'));
    if (match) return { file: yarnLock, version: match[1] };
  }
  return undefined;
}

/** The API era a game's source is written in, from how it uses boardgame.io. */
export function eraOfSource(source: string): { era: ApiEra; evidence: string } | null {
  const choice = chooseByEvidence(
    RUNTIMES.map((r) => r.version),
    findReleaseEvidence([{ file: '', text: source }]),
  );
  if (!choice) return null;
  const runtime = RUNTIMES.find((r) => r.version === choice.version)!;
  return { era: runtime.era, evidence: choice.agreeing.map((e) => e.marker.what).join(', ') };
}

function readSources(files: string[]): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  for (const file of files) {
    try {
      out.push({ file, text: readFileSync(file, 'utf8') });
    } catch {
      // A file esbuild read but that has gone since says nothing.
    }
  }
  return out;
}

const MAX_SHOWN = 4;

/**
 * Which boardgame.io release to run `file` on: `--bgio` when given, else the version locked or the
 * range declared by the nearest package.json that depends on boardgame.io (a shipped release that
 * satisfies it, else the nearest of the same API generation), else what the game's files (`inputs`:
 * every local file the bundle read) use, else 0.50.2. The reason names the evidence with file:line.
 */
export function pickRelease(file: string, override?: string, overrideSource = '--bgio', inputs: string[] = [file]): ReleaseChoice {
  const shipped = RUNTIMES.map((r) => r.version).join(', ');
  const shorten = (f: string) => path.relative(path.dirname(path.resolve(file)), f) || path.basename(f);
  const sources = readSources(inputs.length ? inputs : [file]);
  // What hooks call is read (a parse of every file) only where the code decides the release.
  let evidence = findReleaseEvidence(sources, undefined, { hooks: false });
  const disagreement = (runtime: ShippedRelease) => {
    const { conflicting } = judge(runtime.version, evidence);
    if (!conflicting.length) return '';
    return `; but the code has ${conflicting
      .slice(0, MAX_SHOWN)
      .map((e) => describeEvidence(e, shorten))
      .join(
        '; ',
      )}${conflicting.length > MAX_SHOWN ? ` and ${conflicting.length - MAX_SHOWN} more` : ''}, which ${conflicting.length === 1 ? 'belongs' : 'belong'} to other releases`;
  };
  if (override) {
    const runtime = runtimeByVersion(override);
    if (!runtime) throw new ReleaseError(`${overrideSource} ${override} is not a boardgame.io release Flowscope ships (${shipped})`);
    return {
      runtime,
      evidence,
      reason: `${overrideSource} ${override}${runtime.version !== override ? ` (closest shipped release: ${runtime.version})` : ''}`,
    };
  }
  const declared = declaredRange(file);
  // `"boardgame.io": ""` is any version to npm: it says nothing of the release the game was written for.
  const noRange = declared !== null && !declared.range.trim();
  if (declared) {
    const asked = declared.locked ? declared.locked.version : declared.range;
    const where = declared.locked
      ? `${declared.locked.file} locks boardgame.io ${declared.locked.version} (package.json ${noRange ? 'gives no version: ""' : `asks for ${declared.range}`})`
      : `${declared.packageJson} depends on boardgame.io ${declared.range}`;
    const resolved = noRange && !declared.locked ? null : resolveRange(asked);
    if (resolved) {
      const { runtime, satisfied } = resolved;
      const exact = runtime.version === asked;
      const note = exact
        ? ''
        : satisfied
          ? ` (shipped release that satisfies it: ${runtime.version})`
          : ` (no shipped release satisfies it: using ${runtime.version}, the nearest of the same API generation, ${GENERATION_LABEL[generationOf(runtime.version)]})`;
      return { runtime, evidence, reason: `${where}${note}${disagreement(runtime)}` };
    }
  }
  evidence = findReleaseEvidence(sources);
  const byEvidence = chooseByEvidence(
    RUNTIMES.map((r) => r.version),
    evidence,
  );
  const preamble = declared
    ? noRange
      ? `${declared.packageJson} names boardgame.io with no version ("")`
      : `${declared.packageJson} asks for boardgame.io ${declared.range}, which is not a version range`
    : 'no package.json names boardgame.io';
  if (byEvidence) {
    const runtime = RUNTIMES.find((r) => r.version === byEvidence.version)!;
    const shown = byEvidence.agreeing.slice(0, MAX_SHOWN).map((e) => describeEvidence(e, shorten));
    const more = byEvidence.agreeing.length > MAX_SHOWN ? ` and ${byEvidence.agreeing.length - MAX_SHOWN} more` : '';
    return {
      runtime,
      evidence,
      reason: `${preamble}, and the code has ${shown.join('; ')}${more}${disagreement(runtime)}`,
      guess: guessNote(runtime, `${preamble}; chosen from the code`),
    };
  }
  return {
    runtime: DEFAULT_RUNTIME,
    evidence,
    reason: `${preamble}, and the code shows no release-specific API: using ${DEFAULT_RUNTIME.version}`,
    guess: guessNote(DEFAULT_RUNTIME, `${preamble}, and the code shows no release-specific API`),
  };
}
