import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { closestRuntime, DEFAULT_RUNTIME, RUNTIMES, runtimeByVersion, type ApiEra, type BgioRuntime } from '../../engine';

export interface ReleaseChoice {
  runtime: BgioRuntime;
  /** Why this release: shown to the user. */
  reason: string;
}

export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

/** The nearest package.json above `file` that depends on boardgame.io, and the range it asks for. */
export function declaredRange(file: string): { packageJson: string; range: string } | null {
  let dir = path.dirname(path.resolve(file));
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate)) {
      try {
        const pkg = JSON.parse(readFileSync(candidate, 'utf8'));
        for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
          const range = pkg[field]?.['boardgame.io'];
          if (typeof range === 'string') return { packageJson: candidate, range };
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

/** The API era a game's source is written in, from how it uses boardgame.io. */
export function eraOfSource(source: string): { era: ApiEra; evidence: string } | null {
  if (/\bGame\s*\(\s*\{/.test(source) && /['"]boardgame\.io\/core['"]/.test(source)) return { era: 'flow', evidence: 'it wraps the config in Game({ … }) from boardgame.io/core' };
  if (/\bflow\s*:\s*\{/.test(source) || /\b(startingPhase|endPhaseIf|endTurnIf|endGameIf|movesPerTurn|allowedMoves)\s*:/.test(source)) return { era: 'flow', evidence: 'it uses the flow API (flow, startingPhase, endPhaseIf…)' };
  // Code that uses the 0.50 context object anywhere is a 0.50 game; any (G, ctx) in it is a mistake to report.
  if (/\(\s*\{\s*G\b/.test(source) || /(?<!ctx\.)\bevents\.\w+\(/.test(source)) return { era: 'context', evidence: 'its moves and hooks take ({ G, ctx, events })' };
  if (/\bctx\.events\b/.test(source) || /\(\s*G\s*,\s*ctx\b/.test(source) || /\bfunction\s*\w*\s*\(\s*G\s*,\s*ctx\b/.test(source)) return { era: 'phases-g-ctx', evidence: 'its moves and hooks take (G, ctx)' };
  return null;
}

function newestOfEra(era: ApiEra): BgioRuntime | undefined {
  return [...RUNTIMES].reverse().find((r) => r.era === era);
}

/**
 * Which boardgame.io release to run `file` on: `--bgio` when given, else the range in the nearest
 * package.json that depends on boardgame.io (resolved to the closest shipped release), else the
 * API style of the code, else 0.50.2.
 */
export function pickRelease(file: string, override?: string, overrideSource = '--bgio'): ReleaseChoice {
  const shipped = RUNTIMES.map((r) => r.version).join(', ');
  if (override) {
    const runtime = runtimeByVersion(override);
    if (!runtime) throw new ReleaseError(`${overrideSource} ${override} is not a boardgame.io release Flowscope ships (${shipped})`);
    return { runtime, reason: `${overrideSource} ${override}${runtime.version !== override ? ` (closest shipped release: ${runtime.version})` : ''}` };
  }
  const declared = declaredRange(file);
  if (declared) {
    const runtime = closestRuntime(declared.range);
    if (runtime) return { runtime, reason: `${declared.packageJson} depends on boardgame.io ${declared.range}${runtime.version === declared.range.replace(/^[^\d]*/, '') ? '' : ` (closest shipped release: ${runtime.version})`}` };
  }
  let source = '';
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    source = '';
  }
  const style = eraOfSource(source);
  if (style) {
    const runtime = newestOfEra(style.era);
    if (runtime) return { runtime, reason: `no package.json names boardgame.io, and ${style.evidence}` };
  }
  return { runtime: DEFAULT_RUNTIME, reason: `no package.json names boardgame.io${style ? `, and no shipped release matches its API style (${style.evidence})` : ''}: using ${DEFAULT_RUNTIME.version}` };
}
