// The argument sources explore reads from files: recorded play (replays, the user's tests) and `--args` generators.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ArgGenerator, BgioRuntime } from '../../engine';
import { loadGameModule } from '../load/load-game-file';

/** A `--from-replays` path or an `--args` module explore cannot use (exit code 2; the message says why). */
export class ArgumentFileError extends Error {
  override name = 'ArgumentFileError';
}

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'build']);

/**
 * Argument lists seen in recorded play, by move name: the moves of replay files (`flowscope
 * play`/`import-match`/explore's own) and the literal arguments of `client.moves.x(...)` calls in
 * test files. Each path is a file or a folder (searched a few levels deep).
 */
export function recordedArguments(paths: readonly string[]): Record<string, unknown[][]> {
  const out: Record<string, unknown[][]> = {};
  const add = (name: string, args: unknown[]) => {
    const lists = (out[name] ??= []);
    if (!lists.some((l) => JSON.stringify(l) === JSON.stringify(args))) lists.push(args);
  };
  for (const given of paths) {
    if (!existsSync(given)) throw new ArgumentFileError(`--from-replays ${given}: no such file or folder`);
    const files = statSync(given).isDirectory() ? filesUnder(given, 4) : [given];
    for (const file of files) {
      if (file.endsWith('.json')) for (const [name, args] of movesOfReplay(file)) add(name, args);
      else if (TEST_FILE.test(file)) for (const [name, args] of movesOfTest(readFileSync(file, 'utf8'))) add(name, args);
      else if (files.length === 1)
        throw new ArgumentFileError(`--from-replays ${file}: not a replay (.json) nor a test file (*.test.*, *.spec.*)`);
    }
  }
  return out;
}

function filesUnder(folder: string, depth: number): string[] {
  if (depth < 0) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : filesUnder(full, depth - 1);
    return entry.name.endsWith('.json') || TEST_FILE.test(entry.name) ? [full] : [];
  });
}

/** The moves of a replay file (any JSON with an `actions` list of `{ type: 'move', name, args }`); nothing for other JSON. */
function movesOfReplay(file: string): [string, unknown[]][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const actions = (parsed as { actions?: unknown })?.actions;
  if (!Array.isArray(actions)) return [];
  return actions
    .filter((a) => a && a.type === 'move' && typeof a.name === 'string')
    .map((a) => [a.name as string, Array.isArray(a.args) ? a.args : []]);
}

/** `moves.claim(1, 2)` / `client.moves.play('c3')` calls whose arguments are all literals (JSON, or with single quotes). */
export function movesOfTest(source: string): [string, unknown[]][] {
  const out: [string, unknown[]][] = [];
  for (const m of source.matchAll(/\bmoves\.([A-Za-z_$][\w$]*)\(([^()]*)\)/g)) {
    const args = literalList(m[2]);
    if (args) out.push([m[1], args]);
  }
  return out;
}

function literalList(text: string): unknown[] | null {
  const attempts = [text, text.replace(/'([^'"\\]*)'/g, '"$1"').replace(/([{,]\s*)([A-Za-z_$][\w$]*)\s*:/g, '$1"$2":')];
  for (const attempt of attempts) {
    try {
      const value = JSON.parse(`[${attempt.trim().replace(/,\s*$/, '')}]`);
      if (Array.isArray(value)) return value;
    } catch {
      // Not literal: a variable or an expression, which a static read cannot know.
    }
  }
  return null;
}

/**
 * The `--args` module's generators, by move name: its named function exports (or the functions of
 * its default export), each `({ G, ctx, playerID }) => argument lists`.
 */
export async function loadArgGenerators(file: string, runtime: BgioRuntime): Promise<Record<string, ArgGenerator>> {
  const module = await loadGameModule(file, runtime);
  const exports = module.exports as Record<string, unknown>;
  const fromDefault = exports.default && typeof exports.default === 'object' ? (exports.default as Record<string, unknown>) : {};
  const all = { ...fromDefault, ...exports };
  const generators = Object.fromEntries(Object.entries(all).filter(([, v]) => typeof v === 'function')) as Record<string, ArgGenerator>;
  if (!Object.keys(generators).length)
    throw new ArgumentFileError(
      `--args ${file} exports no function: export one per move, named after it, returning argument lists (e.g. export const claim = ({ G }) => [[0, 0], [1, 2]])`,
    );
  return generators;
}
