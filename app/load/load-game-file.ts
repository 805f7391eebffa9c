import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { format } from 'node:util';
import vm from 'node:vm';
import * as esbuild from 'esbuild';
import type { BgioRuntime } from '../../engine';
import { withConsoleTo } from '../../engine/runtime/console-capture';
import { activity } from '../host/activity';

export const GAME_FILE_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];

/** A game file that could not be bundled or evaluated; the message says where and why. */
export class GameLoadError extends Error {
  override name = 'GameLoadError';
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
}

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
 * Bundles a user's game file with esbuild (TS, TSX and modern JS; its own imports included) and
 * evaluates it with `boardgame.io` resolved to `runtime`'s copy, so the game runs on exactly the
 * release Flowscope observes.
 */
export async function loadGameModule(file: string, runtime: BgioRuntime): Promise<LoadedGameModule> {
  const absolute = path.resolve(file);
  if (!existsSync(absolute)) throw new GameLoadError(`game file not found: ${absolute}`);
  if (!GAME_FILE_EXTENSIONS.includes(path.extname(absolute))) {
    throw new GameLoadError(`${absolute}: a game file must be ${GAME_FILE_EXTENSIONS.join(', ')}`);
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
      external: ['boardgame.io', 'boardgame.io/*'],
    })) as typeof result;
  } catch (error) {
    throw new GameLoadError(formatBuildFailure(absolute, error));
  }
  const code = result.outputFiles[0].text;
  const inputs = Object.keys(result.metafile.inputs)
    .filter((p) => !p.includes('node_modules'))
    .map((p) => path.resolve(p));
  const exports = evaluateBundle(absolute, code, runtime);
  return { file: absolute, exports, sha256: hashInputs(absolute, inputs), fileSha256: hashFile(absolute), inputs };
}

function formatBuildFailure(file: string, error: unknown): string {
  const messages = (error as { errors?: esbuild.Message[] }).errors;
  if (!messages?.length) return `${file}: could not be bundled: ${(error as Error).message}`;
  const lines = messages.map((m) => {
    const where = m.location ? `${m.location.file}:${m.location.line}:${m.location.column + 1}` : file;
    const snippet = m.location?.lineText ? `\n    ${m.location.lineText.trim()}` : '';
    return `${where}: ${m.text}${snippet}`;
  });
  return `${path.basename(file)} has ${messages.length === 1 ? 'an error' : `${messages.length} errors`}:\n${lines.join('\n')}`;
}

const stderrSink = { log: (_level: string, args: unknown[]) => process.stderr.write(`${format(...args)}\n`) };

function evaluateBundle(file: string, code: string, runtime: BgioRuntime): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  const gameRequire = (id: string): unknown => {
    if (id === 'boardgame.io' || id.startsWith('boardgame.io/')) {
      const provided = runtime.modules[id];
      if (provided) return provided;
    }
    return requireFromHere(id);
  };
  let run: (...args: unknown[]) => void;
  try {
    const wrapper = `(function (exports, require, module, __filename, __dirname) {${code}\n})`;
    run = vm.runInThisContext(wrapper, { filename: file });
  } catch (error) {
    throw new GameLoadError(`${file}: could not be compiled: ${(error as Error).message}`);
  }
  // The module's top level is game code too: a loop there is the game's, and so is its output,
  // which goes to stderr (never into a command's machine-readable stdout).
  activity.gameCode(`the top level of ${path.basename(file)}`);
  try {
    withConsoleTo(stderrSink, () => run(module.exports, gameRequire, module, file, path.dirname(file)));
  } catch (error) {
    throw new GameLoadError(`${file} threw while it was being loaded: ${(error as Error)?.stack?.split('\n').slice(0, 3).join('\n') ?? String(error)}`);
  } finally {
    activity.gameCodeDone();
  }
  return module.exports;
}
