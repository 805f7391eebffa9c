import type { Worker } from 'node:worker_threads';
import type { HostEvent, HostMethod, HostResponseMessage, ReloadResult, SessionView } from '../../engine';
import type { EngineWorkerMessage } from './engine-worker';
import { openRequestOf, type JournaledSession, type SessionJournal, type SessionRecord } from '../journal/session-journal';
import { applyChange, type RecordedChange } from './session-recorder';
import { GameWatcher } from './game-watcher';
import { describeStall, StallWatch } from './stall-watch';
import { startWorker } from './start-worker';
import { DEFAULT_MAX_MEMORY_MB, describeGameEnded, isOutOfMemory, type GameEnded } from './game-ended';

export interface EngineHostOptions {
  fixturesDir: string;
  /** How long one request may run without announcing progress before it is stopped. */
  timeoutMs: number;
  onEvent(event: HostEvent): void;
  /** Run an @xstate/inspect server beside the chart actors (port 0 = any free one). */
  inspect?: { port?: number; token?: string };
  /** Reload the game when its files change (hot reload). */
  watch?: boolean;
  /** The engine worker's entry, if not engine-worker beside this module (a `.ts` source runs through tsx, a built `.mjs` as it is). */
  workerScript?: URL;
  /** Journal the session's actions to disk as they are dispatched (deleted by a clean `close`). */
  journal?: SessionJournal;
  /** The worker's heap limit (default: DEFAULT_MAX_MEMORY_MB). */
  maxMemoryMb?: number;
}

interface Pending {
  resolve(json: string): void;
  reject(error: Error): void;
}

/** One decoded request to the worker (`EngineHost.call`, or the direct one a load is given). */
export type HostCall = <T>(method: HostMethod, ...params: unknown[]) => Promise<T>;

export class StalledError extends Error {
  override name = 'StalledError';
}

/**
 * Runs a `SessionHost` in a worker thread and relays requests to it as JSON, passing its answers on
 * untouched. The worker reports what each request recorded in the session's replay; this side
 * keeps that record, journals it, and when game code stops making progress (an endless `endIf`, a
 * move that loops) stops the worker, starts a new one and rebuilds the session from it.
 */
export class EngineHost {
  private worker!: Worker;
  private stallWatch!: StallWatch;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  /** The session's replay as the worker reported it: what a rebuild after a stall replays. */
  private restore: SessionRecord | null = null;
  private readonly timer: NodeJS.Timeout;
  private closed = false;
  /** Set while a stalled session is rebuilt in a fresh worker: requests wait for it. */
  private rebuilding: Promise<void> | null = null;
  /** Set while the first session loads (`serve --replay`, `--restore`): requests wait for it. */
  private starting: Promise<void> | null = null;
  /** Off while a stalled session is rebuilt: its journal already holds every action. */
  private journaling = true;
  private inspect: { port?: number; token?: string } | undefined;
  private inspectReady!: Promise<string>;
  private inspectSettle: ((url: string) => void) | null = null;
  private inspectFail: ((error: Error) => void) | null = null;
  private readonly watcher: GameWatcher | null;

  constructor(private options: EngineHostOptions) {
    this.inspect = options.inspect;
    this.watcher = options.watch ? new GameWatcher(() => void this.reloadOnChange()) : null;
    this.spawn();
    this.timer = setInterval(() => this.watch(), this.stallWatch.intervalMs);
  }

  /** The inspect server's address (token included); rejects when it could not start or was not asked for. */
  inspectUrl(): Promise<string> {
    return this.inspect ? this.inspectReady : Promise.reject(new Error('inspection was not enabled'));
  }

  /**
   * Sends a request; resolves with the answer's JSON text (`{ id, ok, result | error }`). While a
   * stalled session is being rebuilt, requests wait until it is whole again.
   */
  async request(method: HostMethod, params: unknown[], replyId?: number): Promise<string> {
    for (let gate = this.rebuilding ?? this.starting; gate; gate = this.rebuilding ?? this.starting) await gate;
    return this.send(method, params, replyId);
  }

  /**
   * Loads the first session while every request waits for it (a client that connects meanwhile
   * sees the loaded session, never half of it). `load` reaches the worker through the `call` it
   * is given; `request` and `call` would wait for the load itself.
   */
  loadFirst<T>(load: (call: HostCall) => Promise<T>): Promise<T> {
    const loading = load((method, ...params) => this.sendDecoded(method, ...params));
    const gate: Promise<void> = loading.then(
      () => undefined,
      () => undefined,
    );
    this.starting = gate;
    void gate.then(() => {
      if (this.starting === gate) this.starting = null;
    });
    return loading;
  }

  private send(method: HostMethod, params: unknown[], replyId?: number): Promise<string> {
    if (this.closed) return Promise.reject(new Error('the engine host was closed'));
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.stallWatch.restart();
      // The worker answers under `replyId` (the client's own request id) when there is one.
      this.worker.postMessage({ id, method, params, replyId: replyId ?? id });
    });
  }

  private async sendDecoded<T>(method: HostMethod, ...params: unknown[]): Promise<T> {
    // Decoded like `call`, without waiting for a load or a rebuild (they use it).
    return decode<T>(await this.send(method, params));
  }

  /** Like `request`, decoded; throws the host's error. */
  async call<T>(method: HostMethod, ...params: unknown[]): Promise<T> {
    return decode<T>(await this.request(method, params));
  }

  /**
   * Rebuilds a session from a journal (or any record of how it was opened and what was
   * dispatched): opens the game and dispatches every action, journaling it anew.
   */
  async restoreSession(
    record: JournaledSession,
    call: HostCall = (method, ...params) => this.call(method, ...params),
  ): Promise<SessionView> {
    // Nothing is journaled until the session holds every action: a crash meanwhile leaves the
    // journal being restored as the newest complete one, never a partial copy of it.
    this.journaling = false;
    try {
      await call<SessionView>('open', record.open);
      const total = record.actions.length;
      const every = Math.max(1, Math.ceil(total / 20));
      const what = 'restoring the unfinished session';
      for (const [i, action] of record.actions.entries()) {
        await call('dispatch', action);
        if ((i + 1) % every === 0 && i + 1 < total) this.options.onEvent({ type: 'progress', done: i + 1, total, what });
      }
      this.options.onEvent({ type: 'progress', done: total, total, what });
      const view = await call<SessionView>('view');
      this.journaling = true;
      if (this.restore) this.journal((j) => j.start(this.restore!));
      return view;
    } finally {
      this.journaling = true;
    }
  }

  /** Stops a long request under way (a random run) after its current chunk; it answers with the steps played so far. */
  cancelLongWork(): void {
    if (!this.closed) this.worker.postMessage({ type: 'cancel' });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.options.journal?.discard();
    await this.watcher?.close();
    clearInterval(this.timer);
    for (const p of this.pending.values()) p.reject(new Error('the engine host was closed'));
    this.pending.clear();
    await this.worker.terminate();
  }

  /** A watched file changed: reload, and tell the UI what changed in the replayed steps. */
  private async reloadOnChange(): Promise<void> {
    if (this.closed || !this.restore) return;
    try {
      const result = await this.call<ReloadResult>('reload');
      this.options.onEvent({ type: 'reloaded', result });
      if (result.ok) this.options.onEvent({ type: 'session', view: result.view });
    } catch (error) {
      this.options.onEvent({ type: 'reloaded', result: { ok: false, error: (error as Error).message } });
    }
  }

  private spawn(): void {
    this.stallWatch = new StallWatch(this.options.timeoutMs);
    this.inspectReady = new Promise<string>((resolve, reject) => {
      this.inspectSettle = resolve;
      this.inspectFail = reject;
    });
    this.inspectReady.catch(() => undefined);
    const workerData = { shared: this.stallWatch.shared, fixturesDir: this.options.fixturesDir, inspect: this.inspect };
    const worker = startWorker(
      this.options.workerScript ?? new URL('./engine-worker.ts', import.meta.url),
      workerData,
      this.options.maxMemoryMb,
    );
    this.worker = worker;
    worker.on('message', (m: EngineWorkerMessage) => this.onMessage(m));
    // Game code can end the worker (`process.exit()`, memory it ran out of): the session survives it like a stall.
    worker.on('error', (error) => {
      if (!isOutOfMemory(error)) return this.failAll(error);
      const limitMb = worker.resourceLimits?.maxOldGenerationSizeMb ?? this.options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB;
      this.workerEnded(worker, { kind: 'memory', limitMb, ...this.stallWatch.current() });
    });
    worker.on('exit', (code) => this.workerEnded(worker, { kind: 'exit', code, ...this.stallWatch.current() }));
  }

  /** The worker ended without being asked to: reported, replaced, and the session rebuilt. */
  private workerEnded(worker: Worker, ended: GameEnded): void {
    if (this.closed || worker !== this.worker) return;
    this.replaceWorker(`${describeGameEnded(ended)}. The session was restored to its last completed step.`);
  }

  private onMessage(m: EngineWorkerMessage): void {
    if (this.stallWatch.onMessage(m)) return;
    switch (m.type) {
      case 'event':
        this.options.onEvent(m.event);
        break;
      case 'inspect':
        // A restarted worker must come back on the same address and token.
        this.inspect = { port: m.port, token: m.token };
        this.inspectSettle?.(m.url);
        break;
      case 'inspect-failed':
        this.inspectFail?.(Object.assign(new Error(m.message), { name: 'ServerStartError' }));
        break;
      case 'response': {
        // Journaled (and flushed) before the answer goes on: an answered step is never lost.
        if (m.recorded) this.record(m.recorded);
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        p?.resolve(m.json);
        break;
      }
    }
  }

  private failAll(error: Error): void {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }

  private watch(): void {
    if (this.closed || this.pending.size === 0) return;
    const report = this.stallWatch.check();
    if (!report) return;
    this.replaceWorker(
      `${describeStall(report)}: game code is probably in an endless loop. The session was restored to its last completed step.`,
    );
  }

  /** Stops the worker, starts a fresh one and rebuilds the session in it; pending requests fail with `message`. */
  private replaceWorker(message: string): void {
    const stalled = [...this.pending.values()];
    this.pending.clear();
    void this.worker.terminate();
    this.spawn();
    const restore = this.restore;
    this.restore = null;
    if (restore) {
      const rebuilt: Promise<void> = this.rebuild(restore).finally(() => {
        if (this.rebuilding === rebuilt) this.rebuilding = null;
      });
      this.rebuilding = rebuilt;
    }
    for (const p of stalled) p.reject(new StalledError(message));
    this.options.onEvent({ type: 'stalled', message });
  }

  private async rebuild(restore: SessionRecord): Promise<void> {
    this.journaling = false;
    try {
      const view = await this.sendDecoded<SessionView>('open', openRequestOf(restore, restore.game.file!));
      for (const action of restore.actions) await this.sendDecoded('dispatch', action);
      this.options.onEvent({ type: 'session', view: { ...view, length: restore.actions.length + 1 } });
    } catch (error) {
      this.options.onEvent({ type: 'stalled', message: `the session could not be restored: ${(error as Error).message}` });
    } finally {
      this.journaling = true;
    }
  }

  /** Writes to the journal; a journal that cannot be written must not fail the request it records. */
  private journal(write: (journal: SessionJournal) => void): void {
    const journal = this.options.journal;
    if (!journal || !this.journaling) return;
    try {
      write(journal);
    } catch (error) {
      this.options.journal = undefined;
      process.stderr.write(
        `flowscope: the session journal ${journal.file} could not be written (${(error as Error).message}); sessions are no longer journaled\n`,
      );
    }
  }

  /** Keeps what a request recorded (to rebuild the session after a stall) and journals it. */
  private record(change: RecordedChange): void {
    if (change.opened) this.watcher?.setFiles(change.opened.inputs);
    const known = this.restore;
    this.restore = applyChange(this.restore, change);
    if (change.opened) this.journal((j) => j.start(this.restore!));
    else if (known && change.actions.length) this.journal((j) => j.append(change.first, change.actions));
  }
}

function decode<T>(json: string): T {
  const answer = JSON.parse(json) as HostResponseMessage;
  if (!answer.ok) throw Object.assign(new Error(answer.error.message), { name: answer.error.name });
  return answer.result as T;
}
