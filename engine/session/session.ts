import type { BgioRuntime, RuntimeGame } from '../runtime/bgio-runtime';
import { TraceCompactor } from '../trace/compact';
import { TraceRecorder } from '../trace/recorder';
import type { StepTrace } from '../trace/types';
import type { ActionError, BgioState, FlowAction, FlowCtx, GameConfig } from '../types';
import { cloneGraph } from '../util/clone-graph';
import { CheckpointCloner } from './checkpoint-cloner';
import { describeError } from '../util/plain';
import {
  diagnoseEntropy,
  diagnoseSeats,
  diagnoseTrace,
  diagnoseUndeclaredMove,
  diagnoseUnserialisableG,
  type Diagnostic,
} from './diagnostics';
import { Entropy, type EntropyUse, type GameRandomness } from './entropy';
import { reconcileTransitions } from './flow-guards';
import { savedActivePlayers, stageTransitions } from './stage-transitions';
import { lintConfig } from '../lint/lint';

export interface SessionOptions {
  runtime: BgioRuntime;
  config: GameConfig;
  numPlayers: number;
  seed: string;
  setupData?: unknown;
  /** A full state is kept every this many steps; a seek replays at most this many actions. */
  checkpointInterval?: number;
  /** Told as each game function starts (also while seeking), so a host can say where game code hangs. */
  onGameCode?: (fn: string) => void;
  /**
   * `seeded` (default): `Math.random`, the clock and `crypto` in the game's bundle are derived from
   * the seed and the step, so every re-run of a step is exact. `real`: left alone (see docs/determinism.md).
   */
  gameRandomness?: GameRandomness;
  /** What the game's module read while it loaded (from the loader): diagnosed at step 0. */
  loadEntropy?: readonly EntropyUse[];
  /** Told as each game function returns or throws (its progress, for a host watching for hangs). */
  onGameCodeDone?: () => void;
  /**
   * Where in the game's own files an error its code threw comes from (`src/deck.ts:12:5`), named
   * beside the error in the step's trace. The loader knows (the bundle's source map); the engine does not.
   */
  locateThrow?: (error: unknown) => string | undefined;
}

/** One dispatched action (or, for step 0, the game's creation) and everything observed. */
export interface StepRecord {
  index: number;
  action: FlowAction | null;
  ok: boolean;
  error: ActionError | null;
  /** The flow part of `ctx` after the step. */
  ctx: FlowCtx;
  trace: StepTrace;
  diagnostics: Diagnostic[];
  /** Game code's uses of `Math.random`, the clock or `crypto` in this step (each diagnosed). */
  entropy: EntropyUse[];
}

/** The game could not be created: a throwing `setup`, bad setup data, a broken config. */
export class SessionError extends Error {
  constructor(
    message: string,
    readonly trace?: StepTrace,
  ) {
    super(message);
    this.name = 'SessionError';
  }
}

/** The game's own `validateSetupData` refused the setup data (or its absence). */
export class SetupDataRejected extends SessionError {
  constructor(readonly problem: unknown) {
    super(`validateSetupData rejected the setup data: ${String(problem)}`);
    this.name = 'SetupDataRejected';
  }
}

const DEFAULT_CHECKPOINT_INTERVAL = 32;
const RECENT_STATES = 8;

/**
 * A game config + numPlayers + seed + setupData + the dispatched actions. Every state is
 * boardgame.io's reducer output; any state can be re-derived from the nearest checkpoint.
 */
export class Session {
  readonly runtime: BgioRuntime;
  readonly config: GameConfig;
  readonly numPlayers: number;
  readonly seed: string;
  readonly setupData: unknown;
  readonly game: RuntimeGame;
  readonly gameRandomness: GameRandomness;
  /** The watchers of game code it was created with, and its locator of throws: a re-run of the session reports the same way. */
  readonly watchers: Pick<SessionOptions, 'onGameCode' | 'onGameCodeDone' | 'locateThrow'>;
  private readonly recorder = new TraceRecorder();
  private readonly compactor = new TraceCompactor();
  private readonly entropy: Entropy;
  private readonly interval: number;
  private readonly records: StepRecord[] = [];
  private readonly checkpoints = new Map<number, BgioState>();
  private readonly recent = new Map<number, BgioState>();
  private readonly cloner = new CheckpointCloner();
  private readonly initialState: BgioState;
  private head: BgioState;
  /** Functions written with the pre-0.50 `(G, ctx)` signature, named whenever they run. */
  private readonly suspects: Map<string, string>;

  constructor(options: SessionOptions) {
    this.runtime = options.runtime;
    this.config = options.config;
    this.numPlayers = options.numPlayers;
    this.seed = options.seed;
    this.setupData = options.setupData ?? null;
    this.interval = Math.max(1, options.checkpointInterval ?? DEFAULT_CHECKPOINT_INTERVAL);
    validateSetup(options);
    this.recorder.onEnter = options.onGameCode ?? null;
    this.gameRandomness = options.gameRandomness ?? 'seeded';
    this.entropy = new Entropy(options.seed, this.gameRandomness, () => this.recorder.currentFn);
    this.recorder.onExit = options.onGameCodeDone ?? null;
    this.recorder.locateThrow = options.locateThrow ?? null;
    this.watchers = { onGameCode: options.onGameCode, onGameCodeDone: options.onGameCodeDone, locateThrow: options.locateThrow };
    this.suspects = legacySignatures(options);
    try {
      this.game = options.runtime.prepare(options.config, this.recorder, { seed: options.seed });
    } catch (error) {
      throw new SessionError(`boardgame.io ${options.runtime.version} rejected the game config: ${describeError(error)}`);
    }
    let state: BgioState;
    try {
      state = this.entropy.run(0, true, () =>
        this.game.initialize({ numPlayers: options.numPlayers, setupData: options.setupData ?? undefined }),
      );
    } catch (error) {
      const trace = this.recorder.finish();
      const culprit = trace.entries.find((e) => e.threw);
      throw new SessionError(
        culprit
          ? `${culprit.fn} threw while the game was being created: ${culprit.threw}`
          : `creating the game failed: ${describeError(error)}`,
        trace,
      );
    }
    const trace = this.recorder.finish();
    const ctx = this.game.readCtx(state);
    reconcileTransitions(trace, ctx, false);
    this.initialState = cloneGraph(state);
    this.head = state;
    this.checkpoints.set(0, cloneGraph(state, true));
    const entropy = [...(options.loadEntropy ?? []), ...this.entropy.takeUses()];
    const diagnostics = [
      ...diagnoseTrace(trace, this.suspects),
      ...diagnoseEntropy(entropy, this.gameRandomness),
      ...diagnoseSeats(null, ctx, this.numPlayers),
      ...diagnoseUnserialisableG(null, state.G, true),
    ];
    this.records.push({ index: 0, action: null, ok: true, error: null, ctx, trace, diagnostics, entropy });
  }

  /** Number of steps, including step 0 (the initial state). */
  get length(): number {
    return this.records.length;
  }

  get lastIndex(): number {
    return this.records.length - 1;
  }

  get steps(): readonly StepRecord[] {
    return this.records;
  }

  step(index: number): StepRecord {
    const record = this.records[index];
    if (!record) throw new RangeError(`no step ${index}: the session has steps 0 to ${this.lastIndex}`);
    return record;
  }

  actions(): FlowAction[] {
    return this.records.slice(1).map((r) => r.action as FlowAction);
  }

  /** The live state after the last step. Do not keep it: the next dispatch may mutate its ctx. */
  get currentState(): BgioState {
    return this.head;
  }

  /** Applies `action` to the last state and records the step, accepted or not. */
  dispatch(action: FlowAction): StepRecord {
    const before = this.records[this.records.length - 1].ctx;
    const { record, state } = this.traceStep(this.head, action, this.records.length, before);
    this.head = state;
    this.records.push(record);
    this.cloner.noteLive(state);
    if (record.index % this.interval === 0) this.checkpoints.set(record.index, this.cloner.clone(state));
    return record;
  }

  /**
   * Runs `action` on `state` as step `index`, traced and classified like a dispatched step, without
   * recording it: for a search that holds its own states and traces only the steps it reports.
   * The reducer may change `state`: pass a copy.
   */
  stepFrom(state: BgioState, action: FlowAction, index: number): { record: StepRecord; state: BgioState } {
    return this.traceStep(state, action, index, this.game.readCtx(state));
  }

  /**
   * Runs `action` on `state` as step `index`, untraced (the cost of boardgame.io's reducer and the
   * instrumented game alone), for a search that expands many states. `signalled` says the step did
   * something a finding could come from beyond its outcome (game code called an event, something
   * was logged, game code read `Math.random` or the clock; events are seen on 0.33 and later): trace
   * it with `stepFrom` to know (`calledEvents`: game code called an event, which a refused step may
   * still report). An event boardgame.io refused by only logging it counts as accepted here (its
   * refusal is read from the trace) but is always signalled.
   * The reducer may change `state`: pass a copy.
   */
  expand(
    state: BgioState,
    action: FlowAction,
    index: number,
  ): { state: BgioState; error: ActionError | null; signalled: boolean; calledEvents: boolean } {
    const signals = this.recorder.signals + this.entropy.signals;
    const eventCalls = this.recorder.eventCalls;
    this.recorder.recording = false;
    this.recorder.watchSignals = true;
    try {
      const { state: next, error } = this.apply(state, action, index, false);
      return {
        state: next,
        error,
        signalled: this.recorder.signals + this.entropy.signals !== signals,
        calledEvents: this.recorder.eventCalls !== eventCalls,
      };
    } finally {
      this.recorder.recording = true;
      this.recorder.watchSignals = false;
    }
  }

  private traceStep(state: BgioState, action: FlowAction, index: number, before: FlowCtx): { record: StepRecord; state: BgioState } {
    this.recorder.recording = true;
    const beforeG = state.G;
    const savedBefore = savedActivePlayers(state);
    const applied = this.apply(state, action, index, true);
    const { error, trace } = applied;
    state = applied.state;
    const entropy = this.entropy.takeUses();
    const ctx = this.game.readCtx(state);
    const reverted = savedActivePlayers(state) < savedBefore;
    const stages = stageTransitions(before, ctx, trace, action, this.runtime.era === 'flow', reverted);
    if (stages.length) trace.transitions.push(...stages);
    // boardgame.io discarded the whole action: what happened inside it never took effect.
    if (error && error.type !== 'flow/refused') for (const t of trace.transitions) t.rolledBack = true;
    reconcileTransitions(trace, ctx, error !== null && error.type !== 'flow/refused');
    const found = diagnoseTrace(trace, this.suspects);
    if (entropy.length) found.push(...diagnoseEntropy(entropy, this.gameRandomness));
    found.push(...diagnoseSeats(before, ctx, this.numPlayers));
    // The move ran unless boardgame.io refused it first (a refusal names its own reason).
    found.push(...diagnoseUnserialisableG(beforeG, state.G, false));
    found.push(...diagnoseUndeclaredMove(this.config, action, error === null || error.type === 'flowscope/threw'));
    const diagnostics = this.compactor.empty(found);
    const record: StepRecord = {
      index,
      action: this.compactor.action(action),
      ok: error === null,
      error: error && this.compactor.error(error),
      ctx: this.compactor.ctx(ctx, before),
      trace: this.compactor.trace(trace),
      diagnostics,
      entropy: this.compactor.empty(entropy),
    };
    return { record, state };
  }

  /** Adds a diagnostic found outside the step itself (a followed game's log gap or state mismatch). Step records share their empty lists, so never push. */
  addDiagnostic(index: number, diagnostic: Diagnostic): void {
    const record = this.step(index);
    record.diagnostics = [...record.diagnostics, diagnostic];
  }

  /**
   * The exact state boardgame.io produced at step `index`, re-derived from the nearest
   * checkpoint (at most `checkpointInterval` reducer calls). The result is a private copy.
   */
  stateAt(index: number): BgioState {
    return cloneGraph(this.viewAt(index));
  }

  /**
   * The state at step `index` like `stateAt`, without copying it: read it, never change it. For
   * the last step it is the live state, which the next dispatch may change; any other step's is
   * never changed by the session.
   */
  viewAt(index: number): BgioState {
    this.step(index);
    if (index === this.lastIndex) return this.head;
    const cached = this.recent.get(index) ?? this.checkpoints.get(index);
    if (cached) {
      this.remember(index, cached);
      return cached;
    }
    // Start from the nearest state we hold at or before `index`: stepping forward replays one action.
    let base = index - (index % this.interval);
    let from = this.checkpoints.get(base) as BgioState;
    for (const [at, kept] of this.recent) if (at < index && at > base) [base, from] = [at, kept];
    // The reducer may change what it is given in place: it gets a copy, and the states held stay as they were.
    let state = cloneGraph(from, true);
    this.recorder.recording = false;
    try {
      for (let i = base + 1; i <= index; i++) state = this.apply(state, this.records[i].action as FlowAction, i, false).state;
    } finally {
      this.recorder.recording = true;
    }
    this.remember(index, state);
    return state;
  }

  /**
   * Visits every step's state in order with one reducer call per step (for whole-session passes:
   * a seek per step would cost up to `checkpointInterval` calls each). `visit` must not keep the
   * state past its call, since the next action may mutate its ctx.
   */
  walk(visit: (index: number, state: BgioState) => void): void {
    let state = cloneGraph(this.checkpoints.get(0) as BgioState, true);
    visit(0, state);
    this.recorder.recording = false;
    try {
      for (let i = 1; i < this.records.length; i++) {
        state = this.apply(state, this.records[i].action as FlowAction, i, false).state;
        visit(i, state);
      }
    } finally {
      this.recorder.recording = true;
    }
  }

  /**
   * Whether boardgame.io would accept `action` from the last state, without recording a step:
   * the action runs on a private copy, untraced. Game code that throws counts as not accepted.
   */
  accepts(action: FlowAction): boolean {
    this.recorder.recording = false;
    try {
      return this.apply(cloneGraph(this.head, true), action, this.records.length, false).error === null;
    } finally {
      this.recorder.recording = true;
    }
  }

  /**
   * The flow part of `ctx` boardgame.io would give after `action` from the last state (run on a
   * private copy, untraced, like `accepts`), or null when it would not accept it.
   */
  ctxAfter(action: FlowAction): FlowCtx | null {
    this.recorder.recording = false;
    try {
      const { state, error } = this.apply(cloneGraph(this.head, true), action, this.records.length, false);
      return error === null ? this.game.readCtx(state) : null;
    } finally {
      this.recorder.recording = true;
    }
  }

  /** Discards every step after `index` (branching from the past). */
  truncate(index: number): void {
    this.step(index);
    if (index === this.lastIndex) return;
    const state = cloneGraph(this.viewAt(index), true);
    this.records.length = index + 1;
    for (const key of [...this.checkpoints.keys()]) if (key > index) this.checkpoints.delete(key);
    for (const key of [...this.recent.keys()]) if (key > index) this.recent.delete(key);
    this.head = state;
  }

  private remember(index: number, state: BgioState): void {
    this.recent.delete(index);
    this.recent.set(index, state);
    if (this.recent.size > RECENT_STATES) this.recent.delete(this.recent.keys().next().value as number);
  }

  /** Runs `action` as step `index` (the step number is what game code's entropy derives from). */
  private apply(
    state: BgioState,
    action: FlowAction,
    index: number,
    recording: boolean,
  ): { state: BgioState; error: ActionError | null; trace: StepTrace } {
    try {
      // `reset` hands boardgame.io a state it will then mutate: give it a fresh copy each time.
      const initial = action.type === 'reset' ? cloneGraph(this.initialState) : this.initialState;
      const result = this.entropy.run(index, recording, () => this.game.reduce(state, action, initial));
      return { ...result, trace: this.recorder.finish() };
    } catch (error) {
      const trace = this.recorder.finish();
      const culprit = trace.entries.find((e) => e.threw);
      const message = culprit ? `${culprit.fn} threw ${culprit.threw}` : `boardgame.io threw ${describeError(error)}`;
      return { state, error: { type: 'flowscope/threw', message }, trace };
    }
  }
}

/** On 0.50, the config functions written `(G, ctx)`: each runs with `G` = the context object and `ctx` undefined. */
function legacySignatures({ runtime, config }: SessionOptions): Map<string, string> {
  if (runtime.era !== 'context') return new Map();
  const core = runtime.modules['boardgame.io/core'] as { TurnOrder?: Record<string, unknown> } | undefined;
  try {
    return new Map(
      lintConfig(config, core?.TurnOrder ?? {})
        .filter((f) => f.code === 'legacy-signature' && f.path)
        .map((f) => [f.path as string, f.message]),
    );
  } catch {
    return new Map();
  }
}

function validateSetup({ config, numPlayers, setupData }: SessionOptions): void {
  if (!Number.isInteger(numPlayers) || numPlayers < 1) throw new SessionError(`numPlayers must be a positive integer, got ${numPlayers}`);
  if (typeof config.validateSetupData === 'function') {
    const problem = config.validateSetupData(setupData ?? undefined, numPlayers);
    if (problem !== undefined) throw new SetupDataRejected(problem);
  }
}
