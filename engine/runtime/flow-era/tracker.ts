/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { TraceRecorder } from '../../trace/recorder';
import { describeCall } from '../../trace/describe';
import { toPlain } from '../../util/plain';
import { readFlowCtx } from './read-ctx';
import { label, type FlowRelease } from './release';
import type { SpecView } from './spec-view';

type Raw = Record<string, any>;
type Boundary = 'phase-begin' | 'phase-end' | 'turn-begin' | 'turn-end';

/** Something that asked for the turn or the phase to end, or for the game to. */
interface Request {
  text: string;
  automatic: boolean;
  /** The argument it carried (an `endTurn` / `endPhase` argument, or what a trigger returned). */
  arg?: unknown;
  hasArg: boolean;
  /** Game functions entered before it was made: it explains a boundary only if none ran since. */
  calls: number;
  /** How many further game functions may run between it and the boundary it causes. */
  slack: number;
  used: boolean;
  /** The release's own `endPhase({ next: 'default' })` that breaks a cycle of phase endings. */
  cycle?: boolean;
}

interface Cause {
  text: string;
  automatic: boolean;
}

export function shown(value: unknown): string {
  if (value === undefined) return 'undefined';
  const plain = toPlain(value);
  return typeof plain === 'string' ? `'${plain}'` : JSON.stringify(plain);
}

/**
 * Says why each phase and turn boundary of a flow-era release happened. The recorder's own
 * wording is that of 0.50 (`start: true`, `turn.order.next`, a phase's end ending the turn); this
 * replaces it with the old rules: `startingPhase`, `turnOrder`, `movesPerTurn`, `endTurn('3')`,
 * the return to the previous phase, and the turns that begin without `onTurnBegin`.
 *
 * It keeps the requests that can end a turn or a phase (a trigger that fired, an event being
 * processed, a turn order that ran out) and attributes a boundary to the latest one made with
 * no other game function run since: the releases dispatch the ending right after asking.
 */
export class FlowTracker {
  private creating = false;
  private calls = 0;
  private turnReqs: Request[] = [];
  private phaseReqs: Request[] = [];
  private gameReq: Request | null = null;
  private first: { path: string; returned: unknown } | null = null;
  private next: { path: string; returned: unknown } | null = null;
  /** The last turn that ended while no turn has begun since. */
  private ended: { turn: number; phase: string; phaseEnded: string | null } | null = null;
  private phaseEnd: { phase: string; prevPhase: unknown; req: Request | null } | null = null;
  private begunInCall = new Map<string, number>();
  /** What ended the last turn, when it was a request. */
  private lastTurnReq: Request | null = null;

  constructor(
    private readonly recorder: TraceRecorder,
    private readonly release: FlowRelease,
    private readonly view: SpecView,
  ) {}

  begin(creating: boolean): void {
    this.creating = creating;
    this.calls = 0;
    this.turnReqs = [];
    this.phaseReqs = [];
    this.gameReq = null;
    this.first = null;
    this.next = null;
    this.ended = null;
    this.phaseEnd = null;
    this.lastTurnReq = null;
    this.begunInCall.clear();
  }

  /** A game function is starting. */
  entered(): void {
    this.calls++;
  }

  private request(text: string, automatic: boolean, arg: unknown, hasArg: boolean, slack = 0): Request {
    return { text, automatic, arg, hasArg, calls: this.calls, slack, used: false };
  }

  /** `flow.processGameEvent` starts on an event (a player's, or one game code called). */
  eventStart(name: string, args: unknown[], by: string): void {
    if (!this.recorder.recording) return;
    const req = this.request(`${by} called ${describeCall(name, args)}`, false, args[0], args.length > 0 && args[0] !== undefined);
    if (name === 'endTurn') this.turnReqs.push(req);
    else if (name === 'endPhase') this.phaseReqs.push(req);
  }

  /** A top-level `flow.processMove` / `flow.processGameEvent` starts. */
  topLevelStart(): void {
    this.begunInCall.clear();
  }

  /** An `endTurnIf` / `endPhaseIf` / `endGameIf` returned. */
  trigger(level: 'turn' | 'phase' | 'game', path: string, returned: unknown): void {
    if (!this.recorder.recording) return;
    if (level === 'game') {
      if (returned === undefined) return;
      // The releases end the game on anything but undefined, falsy values included.
      this.recorder.trigger('game', path, returned ? returned : shown(returned), 'endIf');
      if (!this.gameReq) this.gameReq = this.request(`${path} returned ${shown(returned)}`, true, returned, true);
      return;
    }
    this.recorder.trigger(level, path, returned, 'endIf');
    if (!returned) return;
    const req = this.request(`${path} returned ${shown(returned)}`, true, returned, true);
    (level === 'turn' ? this.turnReqs : this.phaseReqs).push(req);
  }

  orderFirst(path: string, returned: unknown): void {
    this.first = { path, returned };
  }

  orderNext(path: string, returned: unknown, endsPhase: boolean): void {
    if (!this.recorder.recording) return;
    this.next = { path, returned };
    // The release then asks `endPhaseIf` before it ends the phase: one call of slack.
    if (endsPhase)
      this.phaseReqs.push(this.request(`${path} returned ${shown(returned)}: every player has had a turn`, true, undefined, false, 1));
  }

  private take(list: Request[]): Request | null {
    for (let i = list.length - 1; i >= 0; i--) {
      const r = list[i];
      if (r.used) continue;
      if (this.calls - r.calls > r.slack) return null;
      r.used = true;
      return r;
    }
    return null;
  }

  /** A lifecycle hook of the game (or the no-op standing in for one) is about to run. */
  lifecycle(type: Boundary, raw: Raw): void {
    if (!this.recorder.recording) return;
    if (type === 'turn-end') this.skippedTurnBegin(raw);
    let cause: Cause;
    switch (type) {
      case 'turn-end':
        cause = this.turnEndCause(raw);
        this.ended = { turn: raw.turn, phase: raw.phase, phaseEnded: null };
        this.next = null;
        this.first = null;
        break;
      case 'turn-begin':
        cause = this.turnBeginCause(raw);
        this.ended = null;
        break;
      case 'phase-end': {
        const { cause: c, req } = this.phaseEndCause(raw);
        cause = c;
        this.phaseEnd = { phase: raw.phase, prevPhase: raw.prevPhase, req };
        if (this.ended && this.ended.phaseEnded === null) this.ended.phaseEnded = raw.phase;
        break;
      }
      case 'phase-begin':
        cause = this.phaseBeginCause(raw);
        this.phaseEnd = null;
        this.begunInCall.set(raw.phase, (this.begunInCall.get(raw.phase) ?? 0) + 1);
        break;
    }
    this.emit(type, raw, cause);
  }

  /** A top-level flow call returned `state`: settles what only its end shows. */
  topLevelEnd(state: { ctx: Raw } | undefined): void {
    if (!this.recorder.recording || !state?.ctx) return;
    this.skippedTurnBegin(state.ctx);
    // Triggers that fired without ending anything (the turn had already changed) are stale now.
    for (const r of this.turnReqs) r.used = true;
    for (const r of this.phaseReqs) r.used = true;
  }

  /** The game ended during a top-level call. */
  gameEnded(raw: Raw): void {
    if (!this.recorder.recording) return;
    this.recorder.lifecycle('game-end', readFlowCtx(raw), {});
    const list = this.recorder.finish().transitions;
    const last = list[list.length - 1];
    // The recorder keeps one pending trigger; a later `endTurnIf` may have replaced the game's.
    if (this.gameReq && last?.type === 'game-end') {
      last.cause = this.gameReq.text;
      last.automatic = true;
    }
    this.gameReq = null;
  }

  /**
   * A turn whose end also ended the phase begins without `onTurnBegin` (`endTurnEvent` returns
   * the `endPhase` dispatch instead of calling `startTurn`): it is reported once the new
   * phase has begun, when the next boundary or the end of the action shows its ctx.
   */
  private skippedTurnBegin(raw: Raw): void {
    const ended = this.ended;
    if (!ended || ended.phaseEnded === null || raw.gameover !== undefined || !(raw.turn > ended.turn)) return;
    // The new phase's turn order has the last word on who plays.
    const how = this.first
      ? `${this.first.path} returned ${shown(this.first.returned)} when phase ${raw.phase} began`
      : (this.chosenPlayer(raw) ?? `player ${raw.currentPlayer} is current`);
    this.emit('turn-begin', raw, {
      text: `${how}; ${label(this.release)} ran no onTurnBegin, since ending turn ${ended.turn} also ended phase ${ended.phaseEnded}`,
      automatic: true,
    });
    this.ended = null;
  }

  private emit(type: Boundary, raw: Raw, cause: Cause): void {
    this.recorder.lifecycle(type, readFlowCtx(raw), {});
    const list = this.recorder.finish().transitions;
    const last = list[list.length - 1];
    if (last && last.type === type) {
      last.cause = cause.text;
      last.automatic = cause.automatic;
    }
  }

  private turnEndCause(raw: Raw): Cause {
    this.lastTurnReq = null;
    if (this.gameReq) return { text: `the game is ending: ${this.gameReq.text}`, automatic: true };
    const req = this.take(this.turnReqs);
    if (req) {
      this.lastTurnReq = req;
      return { text: req.text, automatic: req.automatic };
    }
    const limit = this.view.setting(raw.phase, 'movesPerTurn');
    const made = raw.stats?.turn?.numMoves?.[raw.currentPlayer] ?? 0;
    if (limit && limit.value && made >= limit.value) {
      return { text: `${limit.path} (${limit.value}) reached: player ${raw.currentPlayer} made ${made} moves this turn`, automatic: true };
    }
    return { text: 'the turn ended', automatic: true };
  }

  /** How the release picked the new turn's player, if this action shows it. */
  private chosenPlayer(raw: Raw): string | null {
    if (this.next && this.next.returned !== undefined && this.next.returned !== null)
      return `${this.next.path} returned ${shown(this.next.returned)}`;
    const req = this.lastTurnReq;
    if (!req || !req.hasArg) return null;
    const arg = req.arg as any;
    const named = this.release.endTurnArg === 'playerID' ? arg : arg && arg !== true ? arg.next : undefined;
    if (named !== undefined && String(named) === String(raw.currentPlayer)) return `${req.text}, naming player ${raw.currentPlayer}`;
    if (this.release.endTurnArg === 'next' && arg !== true) {
      return `${req.text}, whose argument names no player of playOrder (${label(this.release)} takes { next: playerID }), so player ${raw.currentPlayer} plays again`;
    }
    return null;
  }

  private turnBeginCause(raw: Raw): Cause {
    const ownOrder = this.view.setting(raw.phase, 'turnOrder') !== undefined;
    if (this.creating && !this.ended) {
      const how = this.first
        ? ` (${this.first.path} returned ${shown(this.first.returned)})`
        : ownOrder
          ? ''
          : ' (no flow.turnOrder: TurnOrder.DEFAULT)';
      return { text: `first turn of the game${how}`, automatic: true };
    }
    const how = this.chosenPlayer(raw);
    if (how) return { text: how, automatic: !!this.next || !!this.lastTurnReq?.automatic };
    if (!ownOrder) return { text: 'the turn passed in turn order (no flow.turnOrder: TurnOrder.DEFAULT)', automatic: true };
    return { text: `turn ${raw.turn} began`, automatic: true };
  }

  private phaseEndCause(raw: Raw): { cause: Cause; req: Request | null } {
    if (this.gameReq) return { cause: { text: `the game is ending: ${this.gameReq.text}`, automatic: true }, req: null };
    const req = this.take(this.phaseReqs);
    if (req) return { cause: { text: req.text, automatic: req.automatic }, req };
    const order = this.view.setting(raw.phase, 'turnOrder');
    if (order?.value?.endPhaseOnceDone && raw._actionPlayersOnce && Array.isArray(raw.actionPlayers) && raw.actionPlayers.length === 0) {
      return {
        cause: { text: `every action player has made its one move (${order.path} has endPhaseOnceDone)`, automatic: true },
        req: null,
      };
    }
    if (this.release.afterPhase === 'previous' && (this.begunInCall.get(raw.phase) ?? 0) >= 2) {
      const text = `phase ${raw.phase} began twice in one chain of phase endings, so ${label(this.release)} breaks the cycle`;
      return { cause: { text, automatic: true }, req: { ...this.request(text, true, { next: 'default' }, true), cycle: true } };
    }
    return { cause: { text: 'the phase ended', automatic: true }, req: null };
  }

  private phaseBeginCause(raw: Raw): Cause {
    const phase: string = raw.phase;
    const ended = this.phaseEnd;
    if (!ended) {
      if (!this.creating) return { text: `phase ${phase} began`, automatic: true };
      if (this.release.phases === 'array') {
        return this.view.flow.phases?.length
          ? { text: `the game starts in phase ${phase}, the first of flow.phases`, automatic: true }
          : { text: `the game starts in phase ${phase} (no flow.phases: the implicit default phase)`, automatic: true };
      }
      return this.view.flow.startingPhase !== undefined
        ? { text: `the game starts in phase ${phase} (flow.startingPhase)`, automatic: true }
        : { text: `the game starts in the implicit phase ${phase} (no flow.startingPhase)`, automatic: true };
    }
    const req = ended.req;
    const automatic = req ? req.automatic : true;
    const arg = req?.hasArg ? (req.arg as any) : undefined;
    const rel = label(this.release);
    if (this.release.endPhaseArg === 'name') {
      if (arg !== undefined && String(arg) === phase && this.view.hasPhase(String(arg)))
        return { text: `${req!.text}, naming phase ${phase}`, automatic };
      const ignored = arg !== undefined && arg !== true ? ` (the argument ${shown(arg)} names no phase and was ignored)` : '';
      return { text: `${rel} moves on to the next phase of flow.phases: ${phase}${ignored}`, automatic };
    }
    if (arg && arg !== true) {
      if (arg.next === phase && this.view.hasPhase(arg.next)) {
        return { text: req!.cycle ? `${req!.text} by going to the ${phase} phase` : `${req!.text}, asking for phase ${phase}`, automatic };
      }
      if (phase === ended.phase) {
        return {
          text: `${req!.text}, whose argument names no phase (${rel} logs "invalid argument to endPhase"), so phase ${phase} began again`,
          automatic,
        };
      }
    }
    const next = this.view.phase(ended.phase)?.next;
    if (next !== undefined && next === phase) return { text: `${this.view.phasePath(ended.phase)}.next is '${phase}'`, automatic };
    if (phase === ended.prevPhase)
      return { text: `${this.view.describePhase(ended.phase)} has no next, so ${rel} returns to the previous phase, ${phase}`, automatic };
    return { text: `phase ${phase} began`, automatic };
  }
}
