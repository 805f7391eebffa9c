import { Worker } from 'node:worker_threads';
import { parseReplay, type FlowAction, type HostEvent, type HostMethod, type HostResponseMessage, type OpenRequest, type ReloadResult, type SessionView, type StepSummary } from '../../engine';
import type { EngineWorkerMessage } from './engine-worker';
import { GameWatcher } from './game-watcher';

export interface EngineHostOptions {
  fixturesDir: string;
  /** How long one request may run without announcing progress before it is stopped. */
  timeoutMs: number;
  onEvent(event: HostEvent): void;
  /** Run an @xstate/inspect server beside the chart actors (port 0 = any free one). */
  inspect?: { port?: number; token?: string };
  /** Reload the game when its files change (hot reload). */
  watch?: boolean;
  /** A prebuilt worker bundle (the desktop app's); by default the TypeScript source runs through tsx. */
  workerScript?: URL;
}

interface Pending {
  method: HostMethod;
  params: unknown[];
  resolve(json: string): void;
  reject(error: Error): void;
}

/** What is needed to rebuild the session in a fresh worker: how it was opened, and its actions. */
interface Restore {
  open: OpenRequest;
  actions: FlowAction[];
}

export class StalledError extends Error {
  override name = 'StalledError';
}

/**
 * Runs a `SessionHost` in a worker thread and relays requests to it as JSON. When game code stops
 * making progress (an endless `endIf`, a move that loops), the worker is stopped, a new one is
 * started, and the session is rebuilt from the actions this side recorded, so the log survives.
 */
export class EngineHost {
  private worker!: Worker;
  private shared!: Int32Array;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private names = new Map<number, string>();
  private doing = 'idle';
  private lastActivity = Date.now();
  private restore: Restore | null = null;
  private readonly timer: NodeJS.Timeout;
  private closed = false;
  /** The worker has started (loading tsx and the engine is not game code, so it is not timed). */
  private ready = false;
  private inspect: { port?: number; token?: string } | undefined;
  private inspectReady!: Promise<string>;
  private inspectSettle: ((url: string) => void) | null = null;
  private inspectFail: ((error: Error) => void) | null = null;
  private readonly watcher: GameWatcher | null;

  constructor(private readonly options: EngineHostOptions) {
    this.inspect = options.inspect;
    this.watcher = options.watch ? new GameWatcher(() => void this.reloadOnChange()) : null;
    this.spawn();
    this.timer = setInterval(() => this.watch(), Math.max(50, Math.min(250, options.timeoutMs / 4)));
  }

  /** The inspect server's address (token included); rejects when it could not start or was not asked for. */
  inspectUrl(): Promise<string> {
    return this.inspect ? this.inspectReady : Promise.reject(new Error('inspection was not enabled'));
  }

  /** Sends a request; resolves with the answer's JSON text (`{ id, ok, result | error }`). */
  request(method: HostMethod, params: unknown[], replyId?: number): Promise<string> {
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      this.pending.set(id, { method, params, resolve, reject });
      this.lastActivity = Date.now();
      this.doing = `${method}`;
      // The worker answers under `replyId` (the client's own request id) when there is one.
      this.worker.postMessage({ id, method, params, replyId: replyId ?? id });
    }).then((json) => {
      this.mirror(method, params, json);
      return json;
    });
  }

  /** Like `request`, decoded; throws the host's error. */
  async call<T>(method: HostMethod, ...params: unknown[]): Promise<T> {
    const answer = JSON.parse(await this.request(method, params)) as HostResponseMessage;
    if (!answer.ok) throw Object.assign(new Error(answer.error.message), { name: answer.error.name });
    return answer.result as T;
  }

  async close(): Promise<void> {
    this.closed = true;
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
    this.shared = new Int32Array(new SharedArrayBuffer(4));
    this.names = new Map();
    this.ready = false;
    this.inspectReady = new Promise<string>((resolve, reject) => {
      this.inspectSettle = resolve;
      this.inspectFail = reject;
    });
    this.inspectReady.catch(() => undefined);
    const workerData = { entry: new URL('./engine-worker.ts', import.meta.url).href, shared: this.shared, fixturesDir: this.options.fixturesDir, inspect: this.inspect };
    this.worker = new Worker(this.options.workerScript ?? new URL('./ts-worker-entry.mjs', import.meta.url), { workerData });
    this.worker.on('message', (m: EngineWorkerMessage) => this.onMessage(m));
    this.worker.on('error', (error) => this.failAll(error));
  }

  private onMessage(m: EngineWorkerMessage): void {
    switch (m.type) {
      case 'ready':
        this.ready = true;
        this.lastActivity = Date.now();
        break;
      case 'doing':
        this.doing = m.text;
        this.lastActivity = Date.now();
        break;
      case 'fn':
        this.names.set(m.id, m.name);
        break;
      case 'event':
        this.lastActivity = Date.now();
        this.options.onEvent(m.event);
        break;
      case 'inspect':
        // A restarted worker must come back on the same address and token.
        this.inspect = { port: m.port, token: m.token };
        this.inspectSettle?.(m.url);
        break;
      case 'inspect-failed':
        this.inspectFail?.(new Error(`the inspect server could not start: ${m.message}`));
        break;
      case 'response': {
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
    if (this.closed || !this.ready || this.pending.size === 0 || Date.now() - this.lastActivity < this.options.timeoutMs) return;
    const fnId = Atomics.load(this.shared, 0);
    const fn = fnId ? this.names.get(fnId) : undefined;
    const seconds = this.options.timeoutMs / 1000;
    const message =
      `stopped after ${seconds} s without progress while ${this.doing}${fn ? `, inside ${fn}` : ''}: ` +
      `game code is probably in an endless loop. The session was restored to its last completed step.`;
    const stalled = [...this.pending.values()];
    this.pending.clear();
    void this.worker.terminate();
    this.spawn();
    this.lastActivity = Date.now();
    for (const p of stalled) p.reject(new StalledError(message));
    this.options.onEvent({ type: 'stalled', message });
    void this.rebuild();
  }

  private async rebuild(): Promise<void> {
    const restore = this.restore;
    if (!restore) return;
    this.restore = null;
    try {
      const view = await this.call<SessionView>('open', restore.open);
      for (const action of restore.actions) await this.call('dispatch', action);
      this.options.onEvent({ type: 'session', view: { ...view, length: restore.actions.length + 1 } });
    } catch (error) {
      this.options.onEvent({ type: 'stalled', message: `the session could not be restored: ${(error as Error).message}` });
    }
  }

  /** Keeps the record needed to rebuild the session after a stall. */
  private mirror(method: HostMethod, params: unknown[], json: string): void {
    const answer = JSON.parse(json) as HostResponseMessage;
    if (!answer.ok) return;
    const view = viewOf(method, answer.result);
    if (view) this.watcher?.setFiles(view.game.inputs);
    const reopen = (v: SessionView): OpenRequest => ({ game: v.game.file, exportName: v.game.exportName, bgio: v.game.bgio, numPlayers: v.numPlayers, seed: v.seed, setupData: v.setupData });
    switch (method) {
      case 'open':
      case 'restart':
        if (view) this.restore = { open: reopen(view), actions: [] };
        break;
      case 'openReplay':
        if (view) this.restore = { open: reopen(view), actions: parseReplay(params[0] as string).actions };
        break;
      case 'dispatch': {
        const step = answer.result as StepSummary;
        if (this.restore && step.action) {
          // Dispatching from the past discards the later steps; usually this just appends.
          this.restore.actions.length = Math.min(this.restore.actions.length, step.index - 1);
          this.restore.actions.push(step.action);
        }
        break;
      }
      case 'random':
        if (this.restore) for (const s of answer.result as StepSummary[]) if (s.action) this.restore.actions.push(s.action);
        break;
    }
  }
}

/** The session view a request's answer carries, if any. */
function viewOf(method: HostMethod, result: unknown): SessionView | null {
  switch (method) {
    case 'open':
    case 'restart':
    case 'openReplay':
    case 'view':
      return (result as SessionView | null) ?? null;
    case 'reload':
      return (result as ReloadResult).ok ? (result as Extract<ReloadResult, { ok: true }>).view : null;
    default:
      return null;
  }
}
