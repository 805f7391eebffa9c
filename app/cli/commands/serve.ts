import path from 'node:path';
import { enhancerSnippet, formatReplay, type GameRandomness, type ReplayFile, type SessionView } from '../../../engine';
import { findUnfinishedJournals, journalLosses, retireJournal, type FoundJournal } from '../../journal/session-journal';
import { lessonView } from '../../lessons/lesson-library';
import type { HostCall } from '../../host/engine-host';
import { startUiServer, type UiServer } from '../../server/ui-server';
import type { OpenOptions } from '../../game/open-session';
import { locationOf } from '../../game/game-location';
import { pairingToken } from '../../attach/pairing-token';
import { UsageError } from '../errors';
import { replayMismatch } from '../replay-identity';
import { readReplay } from './replay';
import { APP_ROOT } from '../app-root';

export const UI_DIR = path.join(APP_ROOT, 'renderer', 'dist');
export const FIXTURES_DIR = path.join(APP_ROOT, 'fixtures');

export interface ServeOptions {
  file?: string;
  game?: string;
  players?: number;
  seed?: string;
  /** `real` with `--no-sandbox-random`: the game opened from the command line runs unseeded. */
  gameRandomness?: GameRandomness;
  port?: number;
  timeoutSeconds: number;
  /** The engine worker's heap limit (`--max-memory`). */
  maxMemoryMb?: number;
  /** Also run an @xstate/inspect server for the live chart. */
  inspect?: { port?: number };
  /** A replay file to open. */
  replay?: string;
  /** Where boardgame.io games you run connect to be followed (flowscope/attach); false turns it off. */
  attach?: { port?: number; token?: string; origins?: string[] } | false;
  /** Where the game is kept in a real project (`--game-path`, `--factory-args`, `--stub-module`). */
  open?: OpenOptions;
  /** The boardgame.io release to run the game (or the replay) on (`--bgio`); default: the project's. */
  bgio?: string;
  /** Open the Learn panel: on this lesson id, or on the list when empty. */
  learn?: string;
  /** Where session journals live (see `stateDir`); without it nothing is journaled. */
  journalDir?: string;
  /** Restore the newest session left unfinished by a crash. */
  restore?: boolean;
}

/** A browser-mode server, and the loading of what the command line named (it rejects when that cannot be opened). */
export interface RunningServe extends UiServer {
  loaded: Promise<void>;
}

/**
 * Starts browser mode and prints the address at once, then opens `file`, the replay or the
 * session to restore (or leaves the fixtures to choose from) while requests wait for it.
 */
export async function startServe(
  options: ServeOptions,
  print: (line: string) => void,
  warn: (line: string) => void = print,
): Promise<RunningServe> {
  // Everything the user named is checked before the server starts: a bad file is one line, not a running server.
  if (options.restore && (options.file || options.replay))
    throw new UsageError('--restore opens the unfinished session; do not name a game file or --replay with it');
  const replay = options.replay === undefined ? null : readReplay(options.replay);
  const unfinished = options.journalDir ? findUnfinishedJournals(options.journalDir, (why) => warn(`flowscope: ${why}`)) : [];
  if (options.restore && unfinished.length === 0)
    throw new UsageError(`--restore: there is no unfinished session to restore${options.journalDir ? ` (in ${options.journalDir})` : ''}`);
  // A lesson file outside the fixtures is named by its absolute path (the page asks the server for it).
  const learn =
    options.learn === undefined ? undefined : options.learn.endsWith('.lesson.json') ? path.resolve(options.learn) : options.learn;
  if (learn) lessonView(FIXTURES_DIR, learn);

  const server = await startUiServer({
    port: options.port,
    staticDir: UI_DIR,
    fixturesDir: FIXTURES_DIR,
    timeoutMs: options.timeoutSeconds * 1000,
    maxMemoryMb: options.maxMemoryMb,
    inspect: options.inspect,
    journalDir: options.journalDir,
    attach: options.attach === false ? false : { ...options.attach, token: options.attach?.token ?? pairingToken() },
    unfinished: options.restore ? null : (unfinished[0] ?? null),
  });
  const offer = () =>
    warn(
      `an unfinished session can be restored: ${describeJournal(unfinished[0])}. Run \`flowscope serve --restore\` to restore it, or choose Restore in the page.`,
    );
  // Beside a game or replay the command line names, the offer waits until that opened: a game that
  // cannot be opened is one line, not that line and an offer about something else.
  const offerLater = !options.restore && unfinished.length > 0 && !!(options.file || options.replay);
  if (!options.restore && unfinished.length && !offerLater) offer();
  // The address first: a long replay loads while the page shows its progress, and requests wait for it.
  if (learn !== undefined) {
    print(`Learn boardgame.io with Flowscope at ${server.url}&learn=${encodeURIComponent(learn || 'list')}`);
  } else {
    if (server.attach) print(`follow your own boardgame.io game: ${enhancerSnippet(server.attach)} (see the README)`);
    print(`Flowscope is running at ${server.url}`);
  }
  print('Open that address in a browser (the token in it is required). Press Ctrl+C to stop.');
  const loaded = server.engine.loadFirst((call) => loadFirstSession(server, call, options, replay, unfinished, print, warn));
  loaded.then(() => offerLater && offer()).catch(() => undefined);
  return Object.assign(server, { loaded });
}

/** Opens what the command line named (a game, a replay, the session to restore), printing what was opened. */
async function loadFirstSession(
  server: UiServer,
  call: HostCall,
  options: ServeOptions,
  replay: ReturnType<typeof readReplay> | null,
  unfinished: FoundJournal[],
  print: (line: string) => void,
  warn: (line: string) => void,
): Promise<void> {
  if (options.file) {
    const view = await call<SessionView>('open', {
      game: path.resolve(options.file),
      exportName: options.game ?? (replay ? (replay.replay.game.export ?? replay.replay.game.name) : undefined),
      numPlayers: options.players,
      seed: options.seed,
      gameRandomness: options.gameRandomness,
      ...(options.bgio !== undefined ? { bgio: options.bgio } : {}),
      ...locationOf(options.open),
    });
    print(`opened ${view.game.name} (${view.game.file}) for ${view.numPlayers} players, seed ${view.seed}`);
  }
  if (replay) {
    print(`opening replay ${options.replay}: ${replay.replay.actions.length} steps…`);
    // --bgio wins over the release the replay was recorded on, as in `flowscope replay`.
    const text =
      options.bgio === undefined ? replay.text : formatReplay({ ...replay.replay, game: { ...replay.replay.game, bgio: options.bgio } });
    const view = await call<SessionView>('openReplay', text, path.resolve(options.replay!));
    const mismatch = replayMismatch(
      replay.replay,
      { name: view.game.name, file: view.game.file, sha256: view.game.sha256 },
      options.replay,
    );
    if (mismatch) warn(mismatch);
    if (options.file && view.game.file !== path.resolve(options.file))
      warn(`note: the replay names its own game file, so ${view.game.file} was opened instead of ${path.resolve(options.file)}`);
    print(`opened replay ${options.replay}: ${view.game.name}, ${view.length - 1} steps`);
  }
  if (options.restore) {
    const [newest] = unfinished;
    print(`restoring the unfinished session of ${describeJournal(newest)}…`);
    let view: SessionView;
    try {
      view = await server.engine.restoreSession(newest, call);
    } catch (error) {
      throw Object.assign(
        new Error(`the session could not be restored: ${(error as Error).message} (its journal is kept at ${newest.file})`),
        { name: 'HostError' },
      );
    }
    const losses = journalLosses(newest, retireJournal(newest));
    print(`restored the unfinished session of ${describeJournal(newest)}: ${view.game.name}, ${view.length - 1} steps`);
    if (losses) warn(`warning: ${losses}`);
  }
  if (options.inspect)
    print(`inspect: ${await server.engine.inspectUrl()} (any XState inspector client: createWebSocketReceiver with that address)`);
}

function describeJournal(journal: FoundJournal): string {
  const damage = journal.damaged
    ? ` (line ${journal.damaged.line} of its journal is damaged: the ${journal.damaged.actionsAfter} actions after it cannot be restored)`
    : '';
  return `${path.basename(journal.open.game)} opened ${journal.at}, ${journal.actions.length} actions${damage}`;
}

/** `flowscope serve`: runs until `signal` aborts (Ctrl+C in a terminal). */
export async function serveCommand(
  options: ServeOptions,
  print: (line: string) => void,
  signal: AbortSignal,
  warn: (line: string) => void = print,
): Promise<number> {
  const server = await startServe(options, print, warn);
  const stopped = new Promise<void>((resolve) =>
    signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true }),
  );
  try {
    // Ctrl+C while a long replay loads stops at once; a caller whose signal was aborted before the
    // start still learns whether what it named could be opened.
    await (signal.aborted ? server.loaded : Promise.race([server.loaded, stopped]));
  } catch (error) {
    // What the command line named cannot be opened: one line and exit 2, as before the server started.
    await server.close();
    throw error;
  }
  await stopped;
  await server.close();
  return 0;
}

export type { ReplayFile };
