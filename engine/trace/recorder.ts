import type { FlowCtx } from '../types';
import { describeError, toPlain } from '../util/plain';
import type { FnKind, LogLine, StepTrace, TracedEvent, TraceEntry, Transition, TransitionType } from './types';
import { describeCall } from './describe';
import { EMPTY_LIST } from '../util/empty-list';

type Level = 'turn' | 'phase' | 'game';

/** The events of an entry that called none (an entry's first event replaces it). */
const NO_EVENTS: TracedEvent[] = EMPTY_LIST;

interface PendingTrigger {
  level: Level;
  text: string;
  /** The phase an `endIf` returned `{ next }` for. */
  next?: string;
}

/** An event boardgame.io is processing right now (a player's, or one called by game code). */
interface ProcessingEvent {
  name: string;
  args: unknown[];
  by: string;
  traced?: TracedEvent;
  refusal?: string;
  /** A `setPhase` has ended the phase it was called in: a later phase end in the same event has another cause. */
  endedPhase?: boolean;
}

export interface LifecycleInfo {
  /** `turn.maxMoves` of the turn config the hook belongs to. */
  maxMoves?: number;
  /** What the release calls that limit: `moveLimit` before 0.48. */
  maxMovesName?: 'maxMoves' | 'moveLimit';
  /** A phase's static `next`, or the path of its `next` function. */
  next?: { kind: 'static'; phase: string } | { kind: 'function'; fn: string };
  /** The turn config declares `activePlayers`. */
  turnActivePlayers?: boolean;
}

/**
 * Collects what happens inside one boardgame.io reducer call: the game functions that ran,
 * the events they called, the flow transitions and every console line. Runtime adapters feed
 * it; it knows nothing about any particular boardgame.io release.
 */
export class TraceRecorder {
  /** Off while re-deriving states that were already traced (seek). */
  recording = true;
  /**
   * Counts what could make a step worth tracing, recorded or not: events called by game code and
   * logged lines (a search expands untraced and re-runs traced only the steps that had one).
   */
  signals = 0;
  /** Of `signals`, the events called by game code. */
  eventCalls = 0;
  /** While not recording, still see events called by game code (to count them in `signals`). */
  watchSignals = false;

  /**
   * Called as each game function starts, whether recording or not: a host watching for game code
   * that never returns uses it to say where it is stuck.
   */
  onEnter: ((fn: string) => void) | null = null;
  /** Called as each game function returns or throws, whether recording or not. */
  onExit: (() => void) | null = null;
  /** Where a thrown error comes from in the game's own files, when the loader can tell. */
  locateThrow: ((error: unknown) => string | undefined) | null = null;

  private entries: TraceEntry[] = [];
  private transitions: Transition[] = [];
  private logs: LogLine[] = [];
  /** The step's trace: made once per step, since `finish()` is also read mid-step (around every reducer call). */
  private trace: StepTrace = { entries: this.entries, transitions: this.transitions, logs: this.logs };
  private callStack: TraceEntry[] = [];
  private eventStack: ProcessingEvent[] = [];
  private pending: PendingTrigger | null = null;
  private lastPhase: string | null | undefined = undefined;
  private lastPhaseEnd: { phase: string | null; info?: LifecycleInfo; nextCause?: string } | null = null;
  private turnEndedInStep = false;
  /** A turn `endIf` returned `{ next }`: the turn it ended is followed by that player's. */
  private turnEndNext: { text: string; next: string } | null = null;

  /** Starts a new step. `phase` is the phase before the action (`undefined` at game start). */
  begin(phase: string | null | undefined): void {
    this.entries = [];
    this.transitions = [];
    this.logs = [];
    this.trace = { entries: this.entries, transitions: this.transitions, logs: this.logs };
    this.callStack = [];
    this.eventStack = [];
    this.pending = null;
    this.lastPhase = phase;
    this.lastPhaseEnd = null;
    this.turnEndedInStep = false;
    this.turnEndNext = null;
  }

  /** The step's trace so far (the same object until the next `begin`). */
  finish(): StepTrace {
    return this.trace;
  }

  get currentFn(): string | undefined {
    return this.callStack[this.callStack.length - 1]?.fn;
  }

  enter(fn: string, kind: FnKind, playerID?: string): TraceEntry | null {
    this.onEnter?.(fn);
    if (!this.recording) return null;
    const entry: TraceEntry = { fn, kind, events: NO_EVENTS };
    if (playerID !== undefined && playerID !== null) entry.playerID = playerID;
    this.entries.push(entry);
    this.callStack.push(entry);
    return entry;
  }

  exit(entry: TraceEntry | null, returned: unknown, G?: unknown): void {
    this.onExit?.();
    if (!entry) return;
    this.callStack.pop();
    if (returned === undefined || returned === G) return;
    if ((entry.kind === 'move' || entry.kind === 'hook' || entry.kind === 'setup') && typeof returned === 'object') {
      entry.returned = '[a new G]';
    } else {
      entry.returned = toPlain(returned);
    }
  }

  fail(entry: TraceEntry | null, error: unknown): void {
    this.onExit?.();
    if (!entry) return;
    this.callStack.pop();
    const where = this.locateThrow?.(error);
    entry.threw = where ? `${describeError(error)} (at ${where})` : describeError(error);
  }

  /** Game code called an event. The returned record's outcome is settled when the action ends. */
  eventCalled(name: string, args: unknown[]): TracedEvent | null {
    this.signals++;
    this.eventCalls++;
    if (!this.recording) return null;
    const traced: TracedEvent = { name, args: toPlain(args) as unknown[], outcome: 'dropped' };
    let owner = this.callStack[this.callStack.length - 1];
    if (!owner) {
      owner = { fn: '(outside any traced function)', kind: 'hook', events: [] };
      this.entries.push(owner);
    }
    if (owner.events === NO_EVENTS) owner.events = [traced];
    else owner.events.push(traced);
    return traced;
  }

  /** Who called the traced event, for causes. */
  private callerOf(traced: TracedEvent | undefined): string {
    if (!traced) return 'game code';
    const owner = this.entries.find((e) => e.events.includes(traced));
    return owner ? owner.fn : 'game code';
  }

  eventProcessingStart(name: string, args: unknown[], by: string | null, traced?: TracedEvent): void {
    if (!this.recording) return;
    this.eventStack.push({ name, args, by: by ?? this.callerOf(traced), traced });
  }

  eventProcessingEnd(): ProcessingEvent | undefined {
    if (!this.recording) return undefined;
    return this.eventStack.pop();
  }

  /** A user trigger (`endIf`, `turn.order.next`) returned: remember why a transition may follow. */
  trigger(level: Level, fn: string, returned: unknown, kind: 'endIf' | 'order-next'): void {
    if (!this.recording) return;
    if (kind === 'order-next') {
      if (returned === undefined) this.pending = { level: 'phase', text: `${fn} returned undefined (every player has played)` };
      return;
    }
    if (!returned) return;
    const shown = typeof returned === 'object' ? JSON.stringify(toPlain(returned)) : String(returned);
    const next =
      level !== 'game' && typeof returned === 'object' && returned !== null && typeof (returned as { next?: unknown }).next === 'string'
        ? (returned as { next: string }).next
        : undefined;
    this.pending = { level, text: `${fn} returned ${shown}`, next };
  }

  log(level: LogLine['level'], args: unknown[]): void {
    this.signals++;
    if (!this.recording) return;
    const text = args.map((a) => (typeof a === 'string' ? a : JSON.stringify(toPlain(a)))).join(' ');
    const fromFramework = this.callStack.length === 0 && /^(ERROR:|INFO:|WARNING:)/.test(text);
    const source = fromFramework ? 'boardgame.io' : (this.currentFn ?? 'boardgame.io');
    this.logs.push({ level, text, source });
    const processing = this.eventStack[this.eventStack.length - 1];
    if (fromFramework && processing && !processing.refusal && isRefusal(text)) {
      processing.refusal = text.replace(/^(ERROR:|INFO:)\s*/, '');
      if (processing.traced) {
        processing.traced.outcome = 'rejected';
        processing.traced.reason = `boardgame.io logged: ${processing.refusal}`;
      }
    }
  }

  /** The refusal boardgame.io only logged for the event being processed, if any. */
  refusalOfCurrentEvent(): string | undefined {
    return this.eventStack[this.eventStack.length - 1]?.refusal;
  }

  lifecycle(type: Exclude<TransitionType, 'stage'>, ctx: FlowCtx, info: LifecycleInfo = {}): void {
    if (!this.recording) return;
    if (type === 'phase-begin' && this.lastPhase === null && ctx.phase !== null && this.lastPhaseEnd === null) {
      this.lifecycle('phase-end', { ...ctx, phase: null });
    }
    if (type === 'turn-begin' && ctx.phase !== this.lastPhase && ctx.phase === null) {
      this.lifecycle('phase-begin', ctx);
    }
    // Read before the phase end's own cause consumes the trigger that may name the next phase.
    const nextCause = type === 'phase-end' ? this.nextCauseAtPhaseEnd() : undefined;
    const { text, automatic } = this.causeOf(type, ctx, info);
    // One literal per shape: a property added after creation goes to a second backing store,
    // about 40 bytes more for every transition a session keeps.
    const at = this.entries.length;
    this.transitions.push(
      type === 'turn-begin' || type === 'turn-end'
        ? { type, at, phase: ctx.phase, turn: ctx.turn, automatic, cause: text, player: ctx.currentPlayer }
        : { type, at, phase: ctx.phase, turn: ctx.turn, automatic, cause: text },
    );
    if (type === 'phase-end') this.lastPhaseEnd = { phase: ctx.phase, info, nextCause };
    if (type === 'turn-end') this.turnEndedInStep = true;
    this.lastPhase = ctx.phase;
  }

  get turnEnded(): boolean {
    return this.turnEndedInStep;
  }

  private currentEvent(): ProcessingEvent | undefined {
    return this.eventStack[this.eventStack.length - 1];
  }

  private eventText(ev: ProcessingEvent): string {
    return `${ev.by} called ${describeCall(ev.name, ev.args)}`;
  }

  private nextCauseAtPhaseEnd(): string | undefined {
    const ev = this.currentEvent();
    if (ev?.name === 'setPhase' && !ev.endedPhase) {
      ev.endedPhase = true;
      return this.eventText(ev);
    }
    if (this.pending?.level === 'phase' && this.pending.next) return this.pending.text;
    return undefined;
  }

  private consume(level: Level): PendingTrigger | null {
    const p = this.pending;
    if (p && p.level === level) this.pending = null;
    return p;
  }

  private causeOf(type: Exclude<TransitionType, 'stage'>, ctx: FlowCtx, info: LifecycleInfo): { text: string; automatic: boolean } {
    const ev = this.currentEvent();
    const p = this.pending;
    switch (type) {
      case 'game-end': {
        const trig = this.consume('game');
        if (trig?.level === 'game') return { text: trig.text, automatic: true };
        if (ev) return { text: this.eventText(ev), automatic: false };
        return { text: 'the game ended', automatic: true };
      }
      case 'phase-end': {
        if (p?.level === 'game') return { text: `the game is ending: ${p.text}`, automatic: true };
        if (ev?.name === 'endGame') return { text: `the game is ending: ${this.eventText(ev)}`, automatic: false };
        const trig = this.consume('phase');
        if (trig) return { text: trig.text + this.neverBegan(ctx.phase), automatic: true };
        if (ev) {
          const suffix = ev.name === 'pass' || ev.name === 'endTurn' ? ' and no player is left in the turn order' : '';
          return { text: this.eventText(ev) + suffix, automatic: false };
        }
        return { text: 'the phase ended', automatic: true };
      }
      case 'turn-end': {
        if (p?.level === 'game') return { text: `the game is ending: ${p.text}`, automatic: true };
        if (p?.level === 'phase') return { text: `${phaseEnding(ctx.phase)}: ${p.text}`, automatic: true };
        const trig = this.consume('turn');
        if (trig) {
          if (trig.next !== undefined) this.turnEndNext = { text: trig.text, next: trig.next };
          return { text: trig.text, automatic: true };
        }
        if (ev && (ev.name === 'endTurn' || ev.name === 'pass')) return { text: this.eventText(ev), automatic: false };
        if (ev && (ev.name === 'endPhase' || ev.name === 'setPhase' || ev.name === 'endGame')) {
          return { text: `${phaseEnding(ctx.phase)}: ${this.eventText(ev)}`, automatic: false };
        }
        if (info.maxMoves && ctx.numMoves >= info.maxMoves) {
          return { text: `turn.${info.maxMovesName ?? 'maxMoves'} (${info.maxMoves}) reached`, automatic: true };
        }
        return { text: 'the turn ended', automatic: true };
      }
      case 'phase-begin': {
        const ended = this.lastPhaseEnd;
        if (this.lastPhase === undefined) {
          return {
            text: ctx.phase === null ? 'the game starts with no phase' : `the game starts in phase ${ctx.phase} (start: true)`,
            automatic: true,
          };
        }
        if (!ended) return { text: 'the phase began', automatic: true };
        if (ended.nextCause) return { text: ended.nextCause, automatic: !ended.nextCause.includes(' called ') };
        const last = this.entries[this.entries.length - 1];
        if (last && last.kind === 'trigger' && last.fn.endsWith('.next')) {
          return { text: `${last.fn} returned ${JSON.stringify(last.returned ?? null)}`, automatic: true };
        }
        const next = ended.info?.next;
        if (next?.kind === 'static') return { text: `phases.${ended.phase}.next is '${next.phase}'`, automatic: true };
        return { text: ctx.phase === null ? `phase ${ended.phase} has no next phase` : 'the phase began', automatic: true };
      }
      case 'turn-begin': {
        const begun = this.transitions[this.transitions.length - 1];
        if (begun?.type === 'phase-begin') {
          const first = this.lastEntryEndingWith('.turn.order.first');
          const how = first ? ` (${first.fn} returned ${JSON.stringify(first.returned)}${position(first.returned, ctx)})` : '';
          const of =
            ctx.phase !== null
              ? `phase ${ctx.phase}`
              : this.lastPhaseEnd?.phase
                ? `no phase, after phase ${this.lastPhaseEnd.phase} ended`
                : 'the game with no phase';
          return { text: `first turn of ${of}${how}`, automatic: true };
        }
        const endEv = this.eventStack.find((e) => (e.name === 'endTurn' || e.name === 'pass') && e.args.length > 0);
        const arg = endEv?.args[0];
        const nextArg = (arg as { next?: unknown } | undefined)?.next;
        if (nextArg !== undefined) return { text: `${endEv!.by} asked for player ${String(nextArg)} to be next`, automatic: false };
        const byEndIf = this.turnEndNext;
        this.turnEndNext = null;
        if (byEndIf) return { text: `${byEndIf.text}, naming player ${byEndIf.next}`, automatic: true };
        // boardgame.io (UpdateTurnOrderState) asks the turn order only when endTurn's argument is absent or true.
        if (endEv && arg && arg !== true) {
          const call = `${endEv.by} called ${describeCall(endEv.name, endEv.args)}`;
          if (typeof arg === 'object' && (arg as { remove?: unknown }).remove)
            return {
              text: `${call}: the player left playOrder and the turn order was not asked, so player ${ctx.currentPlayer}, now at that position, plays`,
              automatic: false,
            };
          return {
            text: `${call}, whose argument is not { next: playerID }: boardgame.io logged "invalid argument to endTurn", did not ask the turn order, and player ${ctx.currentPlayer} plays again`,
            automatic: false,
          };
        }
        const order = this.lastEntryEndingWith('.turn.order.next');
        if (order)
          return { text: `${order.fn} returned ${JSON.stringify(order.returned)}${position(order.returned, ctx)}`, automatic: true };
        return { text: 'the turn passed in turn order', automatic: true };
      }
    }
  }

  /**
   * A phase that ends with no `phase-begin` since the last phase ended in this step was made the
   * phase and checked at once: the release tests `endIf` before starting it.
   */
  private neverBegan(phase: string | null): string {
    if (phase === null) return '';
    for (let i = this.transitions.length - 1; i >= 0; i--) {
      const t = this.transitions[i];
      if (t.type === 'phase-begin') return '';
      if (t.type === 'phase-end') return ` as soon as ${phase} became the phase, before it began (its onBegin did not run, its onEnd does)`;
    }
    return '';
  }

  private lastEntryEndingWith(suffix: string): TraceEntry | undefined {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const e = this.entries[i];
      if (e.fn === suffix.slice(1) || e.fn.endsWith(suffix)) return e;
    }
    return undefined;
  }
}

/** A turn order's `first`/`next` returns a position in `playOrder`, not a player: say whose it is. */
const position = (returned: unknown, ctx: FlowCtx) =>
  typeof returned === 'number' && ctx.playOrder[returned] !== undefined
    ? `: playOrder[${returned}] is player ${ctx.playOrder[returned]}`
    : '';

/** Why a turn ends with its phase: `phase draw is ending`, or `leaving no phase` (setPhase from a game in no phase). */
const phaseEnding = (phase: string | null) => (phase === null ? 'leaving no phase' : `phase ${phase} is ending`);

/** boardgame.io messages that mean "I did not do what was asked". */
function isRefusal(text: string): boolean {
  return /^INFO: cannot |^ERROR: (invalid phase|invalid argument|disallowed|cannot )/.test(text);
}
