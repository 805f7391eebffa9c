import { createPrng } from '../util/prng';

/**
 * How game code's own randomness and clock reads behave: `seeded` (the default) derives every
 * value from the session seed and the step, so a step re-run from any checkpoint, in any process,
 * is the step that was played; `real` passes them through, to see the divergence a real server and
 * its clients would have.
 */
export type GameRandomness = 'seeded' | 'real';

/** The globals a game's bundle gets in place of the real ones (see app/load/sandbox-globals.ts). */
export type EntropyApi =
  | 'Math.random'
  | 'Date.now'
  | 'new Date()'
  | 'performance.now'
  | 'crypto.getRandomValues'
  | 'crypto.randomUUID'
  | 'crypto.randomBytes'
  | 'crypto.randomInt';

/** One use of an unseeded source by game code during a step (or at module load). */
export interface EntropyUse {
  api: EntropyApi;
  /** The config function that was running (`moves.deal`); absent at module load or outside any traced function. */
  fn?: string;
  /** Where the call is in the game's own files (`src/deck.ts:12`), and through which package (`lodash`). */
  where?: string;
  /** It happened while the game's module was being evaluated. */
  atLoad?: true;
}

/** What a step is called in derivations: its index, or `load` for the module's evaluation. */
export type EntropyStep = number | 'load';

// 2024-01-01T00:00:00Z: a plausible "now" for games that print or compare dates.
const EPOCH_MS = 1_704_067_200_000;
// Each step is a second later than the one before; each clock read within a step a millisecond.
const STEP_MS = 1_000;

/**
 * The entropy game code sees: values derived from (seed, step, how many were drawn before in the
 * step), and a record of which function used which source. The engine owns it; the loader's shim
 * for the game's bundle reads the active one (`activeEntropy()`), so the engine stays pure.
 */
export class Entropy {
  /** Off while re-deriving steps that were already recorded (seek, walk). */
  recording = true;
  /** Uses by game code, recorded or not (see `TraceRecorder.signals`). */
  signals = 0;
  private step: EntropyStep = 'load';
  private prng: (() => number) | null = null;
  private clockReads = 0;
  private uses: EntropyUse[] = [];
  private seen = new Set<string>();
  private libraryReads = new Map<string, number>();

  constructor(
    readonly seed: string,
    readonly mode: GameRandomness = 'seeded',
    /** The traced config function running now (the session's recorder knows). */
    private readonly currentFn: () => string | undefined = () => undefined,
  ) {}

  /** Runs `body` as step `step`: the same step always draws the same values, in the same order. */
  run<T>(step: EntropyStep, recording: boolean, body: () => T): T {
    const previous = slot.active;
    const wasRecording = this.recording;
    this.step = step;
    this.prng = null;
    this.clockReads = 0;
    this.recording = recording;
    slot.active = this;
    try {
      return body();
    } finally {
      slot.active = previous;
      this.recording = wasRecording;
    }
  }

  /** A uniform number in [0, 1), as `Math.random` gives. */
  next(): number {
    this.prng ??= createPrng(`${this.seed}\u0000game-code\u0000${this.step}`);
    return this.prng();
  }

  /** Milliseconds since 1970 for `Date.now()`/`new Date()`: later each step, later each read. */
  clock(): number {
    const step = this.step === 'load' ? -1 : this.step;
    return EPOCH_MS + step * STEP_MS + this.clockReads++;
  }

  /** Milliseconds since the session began, for `performance.now()`. */
  elapsed(): number {
    return this.clock() - EPOCH_MS + STEP_MS;
  }

  /**
   * Notes that game code called `api`. The first call per function and source in a step is kept;
   * `locate` (a stack walk, not cheap) runs only then; it returns false for a use not worth a
   * diagnostic (a library timing itself), which is still seeded.
   */
  note(api: EntropyApi, locate?: () => string | undefined | false): void {
    this.signals++;
    if (!this.recording) return;
    const fn = this.currentFn();
    const key = `${api}\u0000${fn ?? ''}`;
    if (this.seen.has(key)) return;
    const where = locate?.();
    if (where === false) {
      // A library timing itself (shortid) must not hide the game's own read later in the same
      // function and step; after a few such reads the key is given up on (each costs a stack walk).
      const skipped = (this.libraryReads.get(key) ?? 0) + 1;
      this.libraryReads.set(key, skipped);
      if (skipped >= MAX_LIBRARY_READS) this.seen.add(key);
      return;
    }
    this.seen.add(key);
    const use: EntropyUse = { api };
    if (fn !== undefined) use.fn = fn;
    if (this.step === 'load') use.atLoad = true;
    if (where) use.where = where;
    this.uses.push(use);
  }

  /** The uses noted since the last call (one step's worth). */
  takeUses(): EntropyUse[] {
    // Most steps use none: then nothing is allocated.
    if (!this.uses.length && !this.seen.size && !this.libraryReads.size) return [];
    const out = this.uses;
    this.uses = [];
    this.seen = new Set();
    this.libraryReads = new Map();
    return out;
  }
}

const MAX_LIBRARY_READS = 16;

// One per process (per worker): steps run synchronously, so at most one is running at a time.
const slot: { active: Entropy | null } = { active: null };

/** The entropy of the step being run, or null when no game code is running under a session. */
export function activeEntropy(): Entropy | null {
  return slot.active;
}

/** `moves.roll uses Math.random (src/dice.ts:4)`. */
export function describeUse(use: EntropyUse): string {
  const who = use.fn ?? (use.atLoad ? 'the game module, as it loads,' : 'game code outside any config function');
  return `${who} uses ${use.api}${use.where ? ` (${use.where})` : ''}`;
}
