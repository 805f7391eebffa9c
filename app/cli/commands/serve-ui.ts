import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SessionView } from '../../../engine';
import { startUiServer, type UiServer } from '../../server/ui-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const UI_DIR = path.join(root, 'renderer', 'dist');
export const FIXTURES_DIR = path.join(root, 'fixtures');

export interface ServeUiOptions {
  file?: string;
  game?: string;
  players?: number;
  seed?: string;
  port?: number;
  timeoutSeconds: number;
  /** Also run an @xstate/inspect server for the live chart. */
  inspect?: { port?: number };
  /** A replay file to open. */
  replay?: string;
}

/** Starts browser mode, opens `file` (or leaves the fixtures to choose from) and prints the address. */
export async function startServeUi(options: ServeUiOptions, print: (line: string) => void): Promise<UiServer> {
  const server = await startUiServer({ port: options.port, staticDir: UI_DIR, fixturesDir: FIXTURES_DIR, timeoutMs: options.timeoutSeconds * 1000, inspect: options.inspect });
  if (options.file) {
    try {
      const view = await server.engine.call<SessionView>('open', { game: path.resolve(options.file), exportName: options.game, numPlayers: options.players, seed: options.seed });
      print(`opened ${view.game.name} (${view.game.file}) for ${view.numPlayers} players, seed ${view.seed}`);
    } catch (error) {
      await server.close();
      throw error;
    }
  }
  if (options.inspect) {
    try {
      print(`inspect: ${await server.engine.inspectUrl()} (any XState inspector client: createWebSocketReceiver with that address)`);
    } catch (error) {
      await server.close();
      throw error;
    }
  }
  print(`Flowscope is running at ${server.url}`);
  print('Open that address in a browser (the token in it is required). Press Ctrl+C to stop.');
  if (options.replay) {
    // The address comes first: a long replay loads while the page shows its progress.
    try {
      print(`opening replay ${options.replay}…`);
      const view = await server.engine.call<SessionView>('openReplay', readFileSync(options.replay, 'utf8'), path.resolve(options.replay));
      print(`opened replay ${options.replay}: ${view.game.name}, ${view.length - 1} steps`);
    } catch (error) {
      await server.close();
      throw error;
    }
  }
  return server;
}

/** `flowscope serve`: runs until `signal` aborts (Ctrl+C in a terminal). */
export async function serveUiCommand(options: ServeUiOptions, print: (line: string) => void, signal: AbortSignal): Promise<number> {
  const server = await startServeUi(options, print);
  await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
  await server.close();
  return 0;
}
