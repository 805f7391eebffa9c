import {
  describeAction,
  ChartActor,
  chartOf,
  GAMEOVER,
  RandomPlayer,
  type ChartValue,
  type FlowAction,
  type ReplayFile,
  type StepRecord,
} from '../../../engine';
import { activity } from '../../load/activity';
import { startInspectServer, type InspectServer } from '../../xstate-inspect/inspect-server';
import { UsageError } from '../errors';
import { chooseRandom, defaultPlayerCount, dispatchAction, newSession, openGame, type OpenOptions } from '../../game/open-session';
import { openReplayGame } from '../../game/replay-game';
import { replayMismatch } from '../replay-identity';
import { readReplayFile } from './replay';

export interface InspectOptions {
  file: string;
  game?: string;
  /** Default: 2, within the game's minPlayers/maxPlayers. */
  players?: number;
  seed: string;
  /** Start the XState inspection server (docs/inspect.md) and print its address. */
  inspect: boolean;
  /** The inspection server's port (0 or absent: a free one). */
  port?: number;
  /** Play this replay's actions (its players, seed and setup data win over the options). */
  replay?: string;
  /** Where the game is in a real project (`--game-path`, `--factory-args`, `--stub-module`). */
  open?: OpenOptions;
  /** The boardgame.io release to run the game on (`--bgio`); default: the project's, or the replay's. */
  bgio?: string;
  /** Or play this many seeded random steps (restarting at game over). */
  random?: number;
  /** Pause before each step. */
  intervalMs: number;
}

/** Sends the watchdog of a watched worker a sign of life this often while waiting. */
const HEARTBEAT_MS = 1000;

/**
 * `flowscope serve`: runs a session with a live chart actor (visible to XState inspectors with
 * `inspect`), plays a replay or random steps one every `intervalMs`, then keeps serving until
 * `signal` aborts (without a signal: until SIGINT or SIGTERM). Returns the exit code (0).
 * Errors loading the game or the replay propagate.
 */
export async function inspectCommand(
  options: InspectOptions,
  print: (line: string) => void,
  warn: (line: string) => void,
  signal?: AbortSignal,
): Promise<number> {
  if (options.replay !== undefined && options.random !== undefined) throw new UsageError('serve takes --replay or --random, not both');
  if (!(Number.isFinite(options.intervalMs) && options.intervalMs >= 0))
    throw new UsageError(`--interval must be a number of milliseconds of at least 0, got ${options.intervalMs}`);
  const replay: ReplayFile | null = options.replay !== undefined ? readReplayFile(options.replay) : null;
  const opened = replay
    ? await openReplayGame(options.file, replay, { game: options.game, bgio: options.bgio, open: options.open })
    : await openGame(options.file, options.game, options.bgio, undefined, options.open);
  const mismatch = replay ? replayMismatch(replay, { name: opened.game.name, ...opened.module }, options.replay) : null;
  if (mismatch) warn(mismatch);

  // The server first: an interpreter registers with the inspector only if it exists when the
  // interpreter starts.
  let server: InspectServer | null = null;
  let actor: ChartActor | null = null;
  const own = signal ? null : processSignal();
  const stop = signal ?? own!.signal;
  try {
    if (options.inspect) server = await startInspectServer({ port: options.port });
    const session = replay
      ? newSession(opened, replay.numPlayers, replay.seed, replay.setupData)
      : newSession(opened, options.players ?? defaultPlayerCount(opened.game), options.seed, null);
    actor = new ChartActor(chartOf(opened.game.config, session.numPlayers, opened.runtime), { devTools: options.inspect });
    actor.sync(session.steps[0].ctx);
    if (server) {
      print(`inspect: ${server.url}`);
      print(
        `connect an XState inspector client: createWebSocketReceiver({ server: '${server.url.slice('ws://'.length)}' }) from @xstate/inspect ` +
          `(loopback pages and Node only; the token is the password; see docs/inspect.md)`,
      );
    }
    print(`step 0: ${describeAction(null)} → ${formatChartValue(actor.value)}`);

    const player = options.random !== undefined ? new RandomPlayer({ seed: session.seed, restartOnGameOver: true }) : null;
    const total = replay ? replay.actions.length : (options.random ?? 0);
    for (let i = 0; i < total && !stop.aborted; i++) {
      await pause(options.intervalMs, stop, `serving: waiting to play step ${session.length}`);
      if (stop.aborted) break;
      const action: FlowAction | null = replay ? replay.actions[i] : chooseRandom(player!, session);
      if (!action) {
        print(`nobody can act after ${session.lastIndex} steps`);
        break;
      }
      const record = dispatchAction(session, action);
      const grew = actor.sync(record.ctx);
      print(formatStep(record, actor.value, grew));
    }
    if (!stop.aborted) print(`played ${session.lastIndex} steps; serving until interrupted (Ctrl-C)`);
    await pause(Infinity, stop, 'serving: waiting for Ctrl-C');
    return 0;
  } finally {
    own?.dispose();
    actor?.stop(); // inspectors see service.stop before the server goes
    await server?.close();
  }
}

/** One short line per step: what was dispatched, by whom, and where the chart is now. */
function formatStep(record: StepRecord, value: ChartValue, grew: boolean): string {
  const by = record.action && 'playerID' in record.action ? ` by ${record.action.playerID}` : '';
  const outcome = record.ok ? formatChartValue(value) : `rejected: ${record.error?.message ?? 'unknown reason'}`;
  return `step ${record.index}: ${describeAction(record.action)}${by} → ${outcome}${grew ? ' (the chart grew: new machine)' : ''}`;
}

export function formatChartValue(value: ChartValue): string {
  if (value === GAMEOVER) return GAMEOVER;
  const [phase, { turn }] = Object.entries(value)[0];
  return `${phase} ${Object.entries(turn)
    .map(([player, slot]) => `${player}:${slot}`)
    .join(' ')}`;
}

/** Resolves after `ms` (never for Infinity) or when `signal` aborts, telling the watchdog we are alive. */
function pause(ms: number, signal: AbortSignal, doing: string): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    activity.doing(doing);
    const done = () => {
      clearTimeout(timer);
      clearInterval(heartbeat);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
    const heartbeat = setInterval(() => activity.doing(doing), HEARTBEAT_MS);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Without a caller's signal: aborted by SIGINT or SIGTERM until disposed. */
function processSignal(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
