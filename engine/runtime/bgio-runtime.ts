import type { TraceRecorder } from '../trace/recorder';
import type { ActionError, BgioState, FlowAction, FlowCtx, GameConfig, PlayerID } from '../types';

export interface ReduceResult {
  state: BgioState;
  /** Why boardgame.io refused the action (its `transients.error`, or what it only logged). */
  error: ActionError | null;
}

export interface InitializeOptions {
  numPlayers: number;
  setupData?: unknown;
}

/**
 * One game config, instrumented and prepared for one boardgame.io release. Every state it
 * returns is that release's own reducer output; it only adds what it observed on the way.
 */
export interface RuntimeGame {
  readonly runtime: BgioRuntime;
  /** Creates the initial state (runs `setup`, the first phase and the first turn). */
  initialize(options: InitializeOptions): BgioState;
  /** Applies one action. `initialState` is what `reset` returns to (and may be mutated). Throws what game code throws. */
  reduce(state: BgioState, action: FlowAction, initialState: BgioState): ReduceResult;
  readCtx(state: BgioState): FlowCtx;
  /** Names of the moves `playerID` may make now, per boardgame.io's stage/phase/global lookup. */
  availableMoves(state: BgioState, playerID: PlayerID): string[];
  isPlayerActive(state: BgioState, playerID: PlayerID): boolean;
  /** Events the game's `events` flags leave enabled (what boardgame.io's client offers). */
  readonly enabledEvents: readonly string[];
  /** Whether the game has an `ai.enumerate` (without it, `enumerate` always gives null). */
  readonly enumerates: boolean;
  /** `ai.enumerate` for `playerID`, or null when the game has none. */
  enumerate(state: BgioState, playerID: PlayerID): unknown[] | null;
}

/**
 * The API era a release belongs to: the `flow` section and `actionPlayers` (up to 0.32), phases
 * with `(G, ctx)` signatures (0.33 to 0.49), or the context object (0.50).
 */
export type ApiEra = 'flow' | 'phases-g-ctx' | 'context';

/** A boardgame.io release behind the small interface sessions need. */
export interface BgioRuntime {
  /** The exact release, e.g. `0.50.2`. */
  readonly version: string;
  readonly era: ApiEra;
  /** What `import … from 'boardgame.io/<sub>'` means for game code run on this release. */
  readonly modules: Readonly<Record<string, unknown>>;
  prepare(config: GameConfig, recorder: TraceRecorder, options: { seed: string }): RuntimeGame;
  /**
   * The same release instrumented the same way, on another copy of boardgame.io of the same minor
   * (the game's project's own installed copy). Throws when the copy lacks what Flowscope instruments.
   */
  onCopy?(copy: BgioCopy): BgioRuntime;
}

/** A boardgame.io package on disk (a project's installed copy), read through Node by the app. */
export interface BgioCopy {
  /** Its exact version, e.g. `0.50.1`. */
  readonly version: string;
  /** One of its files, e.g. `dist/cjs/internal.js`, as a module. */
  load(file: string): unknown;
  /** What `import … from 'boardgame.io/<sub>'` (`boardgame.io` included) gives code beside this copy. */
  entry(id: string): unknown;
}

/** A copy of boardgame.io whose files are not what Flowscope instruments (a release of the same minor that changed its internals). */
export class CopyMismatchError extends Error {
  override name = 'ReleaseError';
}
