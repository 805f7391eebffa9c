import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SessionView } from '../../../engine';
import { startUiServer, type UiServer } from '../../server/ui-server';
import { pairingToken } from '../../attach/pairing-token';

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
  /** Where boardgame.io games you run connect to be followed (flowscope/attach); false turns it off. */
  attach?: { port?: number; token?: string; origins?: string[] } | false;
}

/** Starts browser mode, opens `file` (or leaves the fixtures to choose from) and prints the address. */
export async function startServeUi(options: ServeUiOptions, print: (line: string) => void): Promise<UiServer> {
  const server = await startUiServer({ port: options.port, staticDir: UI_DIR, fixturesDir: FIXTURES_DIR, timeoutMs: options.timeoutSeconds * 1000, inspect: options.inspect, attach: options.attach === false ? false : { ...options.attach, token: options.attach?.token ?? pairingToken() } });
  if (options.file) {
    try {
      const view = await server.engine.call<SessionView>('open', { game: path.resolve(options.file), exportName: options.game, numPlayers: options.players, seed: options.seed });
      print(`opened ${view.game.name} (${view.game.file}) for ${view.numPlayers} players, seed ${view.seed}`);
    } catch (error) {
      await server.close();
      throw error;
    }
  }
  if (options.replay) {
    try {
      const view = await server.engine.call<SessionView>('openReplay', readFileSync(options.replay, 'utf8'), path.resolve(options.replay));
      print(`opened replay ${options.replay}: ${view.game.name}, ${view.length - 1} steps`);
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
  if (server.attach) {
    print(`follow your own boardgame.io game: flowscope({ token: '${server.attach.token}'${server.attach.port === 8765 ? '' : `, url: '${server.attach.url}'`} }) (see the README)`);
  }
  print(`Flowscope is running at ${server.url}`);
  print('Open that address in a browser (the token in it is required). Press Ctrl+C to stop.');
  return server;
}

/** `flowscope serve`: runs until `signal` aborts (Ctrl+C in a terminal). */
export async function serveUiCommand(options: ServeUiOptions, print: (line: string) => void, signal: AbortSignal): Promise<number> {
  const server = await startServeUi(options, print);
  await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
  await server.close();
  return 0;
}
