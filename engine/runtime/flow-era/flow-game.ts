/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { TraceRecorder } from '../../trace/recorder';
import type { LogLine } from '../../trace/types';
import type { ActionError, BgioState, FlowAction, FlowCtx, GameConfig, PlayerID } from '../../types';
import { withConsoleTo } from '../console-capture';
import { toBgioAction } from '../bgio-action';
import type { BgioCopy, BgioRuntime, InitializeOptions, ReduceResult, RuntimeGame } from '../bgio-runtime';
import { FlowEventsProbe, type QueuedCall } from './events-probe';
import { instrumentFlowSpec } from './instrument';
import { readFlowCtx } from './read-ctx';
import { label, type FlowRelease, type Reducer } from './release';
import { specOf } from './spec';
import { SpecView } from './spec-view';
import { FlowTracker, shown } from './tracker';

type Obj = Record<string, any>;
const isObject = (v: unknown): v is Obj => !!v && typeof v === 'object';
const refused = (reason: string): Verdict => ({ outcome: 'rejected', reason, error: { type: 'flow/refused', message: reason } });

interface Verdict {
  outcome: 'applied' | 'rejected';
  reason?: string;
  /** Applied, but the release logged an error for it (an argument it rejected). */
  warning?: string;
  /** For a player's event: the step's error. */
  error?: ActionError;
}

/** A flow-era release (0.32 and before) behind Flowscope's runtime interface. */
export function makeFlowRuntime(
  release: FlowRelease,
  modules: Record<string, unknown>,
  onCopy?: (copy: BgioCopy) => BgioRuntime,
): BgioRuntime {
  const runtime: BgioRuntime = {
    version: release.version,
    era: 'flow',
    modules,
    prepare(config, recorder, { seed }) {
      return new FlowEraGame(runtime, release, config, recorder, seed);
    },
    ...(onCopy ? { onCopy } : {}),
  };
  return runtime;
}

export class FlowEraGame implements RuntimeGame {
  /** The user's spec (never handed to the release). */
  readonly spec: GameConfig;
  readonly view: SpecView;
  readonly enabledEvents: readonly string[];
  private readonly game: any;
  private readonly flow: any;
  private readonly probe: FlowEventsProbe;
  private readonly tracker: FlowTracker;
  private readonly rel: string;
  private reducer: Reducer | null = null;
  /** What `Game()` printed: shown with the game's creation. */
  private readonly gameLogs: Array<{ level: LogLine['level']; args: unknown[] }> = [];
  private playerEvent: { reached: boolean; verdict: Verdict | null } = { reached: false, verdict: null };
  /** While the game is created: the G the last processed event left. */
  private creationG: { G: unknown } | null = null;

  constructor(
    readonly runtime: BgioRuntime,
    private readonly release: FlowRelease,
    config: GameConfig,
    private readonly recorder: TraceRecorder,
    seed: string,
  ) {
    this.rel = label(release);
    this.spec = specOf(config, release.version);
    checkShape(this.spec, release);
    this.view = new SpecView(this.spec, release);
    this.probe = new FlowEventsProbe(recorder);
    this.tracker = new FlowTracker(recorder, release, this.view);
    const { spec: instrumented, afterGame } = instrumentFlowSpec(this.spec, release, recorder, this.probe, this.tracker);
    // The releases seed their PRNG from the spec: `Game({ seed })` → `game.seed` → `ctx._random`.
    instrumented.seed = seed;
    this.game = withConsoleTo({ log: (level, args) => this.gameLogs.push({ level, args }) }, () => release.Game(instrumented));
    afterGame(this.game);
    this.flow = this.game.flow;
    this.observeFlow();
    this.enabledEvents = release.enabledEvents(this.flow);
  }

  /**
   * Wraps the processed flow's two entry points the reducer calls through `game.flow`:
   * `processMove` (a move's automatic consequences) and `processGameEvent` (a player's event,
   * and every event game code queued). Their inner `dispatch` (automatic `endPhase` / `endTurn`)
   * stays the release's own.
   */
  private observeFlow(): void {
    const flow = this.flow;
    const processGameEvent = flow.processGameEvent;
    const processMove = flow.processMove;
    flow.processGameEvent = (
      state: BgioState,
      action: { automatic?: boolean; payload: { type: string; args: unknown; playerID?: string } },
    ) => {
      const { type, args, playerID } = action.payload;
      const argList = Array.isArray(args) ? args : args === undefined ? [] : [args];
      const call = action.automatic ? this.probe.match(type, args) : undefined;
      const by = action.automatic ? this.callerOf(call) : `player ${playerID}`;
      if (!action.automatic) this.playerEvent.reached = true;
      this.tracker.topLevelStart();
      this.tracker.eventStart(type, argList, by);
      this.recorder.eventProcessingStart(type, argList, action.automatic ? null : by, call?.traced ?? undefined);
      try {
        const result = processGameEvent.call(flow, state, action);
        const verdict = this.judgeEvent(type, argList, state, result);
        if (call?.traced) {
          call.traced.outcome = verdict.outcome;
          if (verdict.reason) call.traced.reason = verdict.reason;
          else delete call.traced.reason;
          if (verdict.warning) call.traced.warning = verdict.warning;
        }
        if (!action.automatic) this.playerEvent.verdict = verdict;
        if (this.creationG) this.creationG.G = result?.G;
        this.tracker.topLevelEnd(result);
        if (state.ctx.gameover === undefined && result?.ctx?.gameover !== undefined) this.tracker.gameEnded(result.ctx);
        return result;
      } catch (error) {
        if (call?.traced) {
          call.traced.outcome = 'dropped';
          call.traced.reason = `processing it threw, so ${this.rel} discarded the whole action`;
        }
        throw error;
      } finally {
        this.recorder.eventProcessingEnd();
      }
    };
    flow.processMove = (state: BgioState, payload: unknown) => {
      this.tracker.topLevelStart();
      const result = processMove.call(flow, state, payload);
      this.tracker.topLevelEnd(result);
      if (state.ctx.gameover === undefined && result?.ctx?.gameover !== undefined) this.tracker.gameEnded(result.ctx);
      return result;
    };
  }

  private callerOf(call: QueuedCall | undefined): string {
    if (!call?.traced) return 'game code';
    const owner = this.recorder.finish().entries.find((e) => e.events.includes(call.traced!));
    return owner ? owner.fn : 'game code';
  }

  /** What the release did with an event it processed, from the states before and after. */
  private judgeEvent(type: string, args: unknown[], before: BgioState, after: BgioState): Verdict {
    const names: string[] = this.flow.eventNames ?? [];
    if (!names.includes(type))
      return refused(`${type} is not an event of this game's flow, so ${this.rel} ignored it (its events: ${names.join(', ') || 'none'})`);
    const ctx = before.ctx;
    const unchanged = !!after && after.G === before.G && after.ctx === before.ctx;
    if (unchanged) {
      if (type === 'endTurn') {
        const limit = this.view.setting(ctx.phase, 'movesPerTurn');
        const made = ctx.stats?.turn?.numMoves?.[ctx.currentPlayer] ?? 0;
        if (limit?.value) {
          return refused(
            `${this.rel} ignores endTurn until ${limit.path} (${limit.value}) moves are made: player ${ctx.currentPlayer} has made ${made}`,
          );
        }
      }
      return refused(`${this.rel} processed ${type} but it changed nothing`);
    }
    const notes: string[] = [];
    // What the release logged an error for, though the event still changed the state.
    const warnings: string[] = [];
    const arg = args[0];
    const nextKey = isObject(arg) && 'next' in arg;
    if (type === 'endTurn' && arg !== undefined) {
      const playOrder: unknown[] = ctx.playOrder ?? [];
      if (this.release.endTurnArg === 'next') {
        if (arg && arg !== true && !playOrder.includes((arg as Obj).next)) {
          warnings.push(
            `${this.rel} rejected the argument ${shown(arg)} (it takes { next: playerID } naming a player of playOrder, and logs "invalid argument to endTurn"); ` +
              `the turn still ended and player ${after.ctx.currentPlayer} plays on`,
          );
        }
      } else if (!playOrder.includes(arg)) {
        notes.push(
          `${this.rel} ignored the argument ${shown(arg)}: endTurn takes a playerID of playOrder here${nextKey ? ' ({ next } arrived in 0.27)' : ''}, so the turn passed in turn order`,
        );
      }
    }
    if (type === 'endPhase' && arg !== undefined) {
      if (this.release.endPhaseArg === 'next') {
        if (arg && arg !== true && !this.view.hasPhase((arg as Obj).next)) {
          warnings.push(
            `${this.rel} rejected the argument ${shown(arg)} (it takes { next: phaseName } naming a phase, and logs "invalid argument to endPhase"); ` +
              `phase ${ctx.phase} still ended, and began again`,
          );
        }
      } else if (!this.view.hasPhase(String(arg))) {
        notes.push(
          `${this.rel} ignored the argument ${shown(arg)}: endPhase takes a phase name here${nextKey ? ' ({ next } arrived in 0.27)' : ''}, so it moved on to the next phase of flow.phases`,
        );
      }
    }
    if (ctx.gameover !== undefined)
      notes.push(`the game was already over (gameover: ${shown(ctx.gameover)}), but ${this.rel} processes events regardless`);
    // The state changed: an argument the release rejected did not stop the event (rejected means nothing changed).
    return {
      outcome: 'applied',
      reason: notes.length ? notes.join('; ') : undefined,
      warning: warnings.length ? warnings.join('; ') : undefined,
    };
  }

  initialize({ numPlayers, setupData }: InitializeOptions): BgioState {
    this.recorder.begin(undefined);
    this.probe.begin();
    this.tracker.begin(true);
    this.playerEvent = { reached: false, verdict: null };
    for (const line of this.gameLogs) this.recorder.log(line.level, line.args);
    for (const text of legacyNotes(this.spec, this.release, setupData)) this.note('warn', text);
    let started: { reducer: Reducer; state: BgioState };
    const creation = (this.creationG = { G: undefined as unknown });
    try {
      started = withConsoleTo(this.recorder, () => this.release.start(this.game, numPlayers, setupData));
    } catch (error) {
      this.probe.settleUnprocessed(`never processed: creating the game threw`);
      throw error;
    } finally {
      this.creationG = null;
    }
    this.reducer = started.reducer;
    const phase = started.state.ctx.phase;
    if (typeof phase === 'string' && !this.view.hasPhase(phase)) {
      // The release only logs `invalid startingPhase` and starts there; every move then fails inside it.
      throw new Error(
        `flow.startingPhase '${phase}' is not a phase of flow.phases (its phases: ${this.view.phaseNames.filter((p) => p !== 'default').join(', ') || 'none'}): ` +
          `${this.rel} logs "invalid startingPhase", starts the game in that missing phase, and then fails on every move`,
      );
    }
    this.probe.settleUnprocessed(`${this.rel} never processed it`);
    if (creation.G !== undefined && !sameJson(creation.G, started.state.G)) {
      this.note(
        'warn',
        `${this.rel} keeps the ctx but not the G of the events processed while the game is created (it takes G before processing them): ` +
          `their hooks' changes to G are lost`,
      );
    }
    return started.state;
  }

  reduce(state: BgioState, action: FlowAction, initialState: BgioState): ReduceResult {
    const reducer = this.reducer;
    if (!reducer) throw new Error('initialize() must run before reduce()');
    this.recorder.begin(state.ctx.phase ?? null);
    this.probe.begin();
    this.tracker.begin(false);
    this.playerEvent = { reached: false, verdict: null };
    const refusal = this.refuseLikeTheClient(action);
    if (refusal) return { state, error: refusal };
    let next: BgioState;
    try {
      next = withConsoleTo(this.recorder, () => this.apply(reducer, state, action, initialState));
    } catch (error) {
      const culprit = this.recorder.finish().entries.find((e) => e.threw);
      this.probe.settleUnprocessed(
        `never processed: ${culprit ? `${culprit.fn} threw` : `${this.rel} threw`}, so the whole action was discarded`,
      );
      throw error;
    }
    const error = this.classify(state, next, action);
    if (error?.type === 'action/invalid_move') {
      this.probe.settleUnprocessed(
        `never processed: the move was refused (${error.type}), and ${this.rel} drops the events of a refused move`,
      );
    } else this.probe.settleUnprocessed(`${this.rel} never processed it`);
    if (!error && action.type !== 'undo' && action.type !== 'redo' && action.type !== 'reset') {
      this.noteSilentPlayerChange(state, next);
      this.noteDeafTriggers();
    }
    return { state: next, error };
  }

  private apply(reducer: Reducer, state: BgioState, action: FlowAction, initialState: BgioState): BgioState {
    if (action.type === 'reset') return this.release.reset(reducer, state, initialState);
    return reducer(state, toBgioAction(action));
  }

  /** The release's client only offers the events the game enables. */
  private refuseLikeTheClient(action: FlowAction): ActionError | null {
    if (action.type !== 'event') return null;
    const name = action.name as string;
    const known = new Set<string>([...this.release.events, ...((this.flow.eventNames as string[] | undefined) ?? [])]);
    if (!known.has(name)) {
      return { type: 'flowscope/unknown_event', message: `${name} is not a ${this.rel} event: its events are ${[...known].join(', ')}` };
    }
    if (!this.enabledEvents.includes(name)) {
      const flow = this.view.flow;
      let why: string;
      if (name === 'endTurn') why = 'flow.endTurn is false';
      else if (name === 'endPhase')
        why = flow.endPhase === false ? 'flow.endPhase is false' : 'endPhase is only enabled when the game has flow.phases';
      else why = `set flow.${name}: true to enable it`;
      return { type: 'client/event_disabled', message: `${name} is disabled (${why}), so ${this.rel}'s client does not offer it` };
    }
    return null;
  }

  /**
   * Why the reducer refused an action. The releases only return the state untouched (no
   * `transients.error`, nothing logged), so the reason is found by asking the release's own
   * predicates in the order its reducer does.
   */
  private classify(before: BgioState, after: BgioState, action: FlowAction): ActionError | null {
    const ctx = before.ctx;
    const G = before.G;
    switch (action.type) {
      case 'move': {
        if (after._stateID !== before._stateID) return null;
        const name = action.name;
        const moveNames: string[] = this.game.moveNames ?? [];
        if (!moveNames.includes(name)) {
          return {
            type: 'action/unavailable_move',
            message: `${name} is not a move of this game (its moves: ${moveNames.join(', ') || 'none'})`,
          };
        }
        if (ctx.gameover !== undefined) {
          return {
            type: 'action/gameover',
            message: `the game is over (gameover: ${shown(ctx.gameover)}), and ${this.rel} refuses every move then`,
          };
        }
        if (!this.quiet(() => this.flow.canMakeMove(G, ctx, name))) {
          return {
            type: 'action/unavailable_move',
            message: `move ${name} is not allowed in phase ${ctx.phase}: ${this.allowedMovesText(before)}`,
          };
        }
        if (!this.flow.canPlayerMakeMove(G, ctx, action.playerID)) {
          const ap = shown(ctx.actionPlayers ?? []);
          const turn =
            String(ctx.currentPlayer) === action.playerID
              ? `, although it is player ${action.playerID}'s turn`
              : `; it is player ${ctx.currentPlayer}'s turn`;
          return {
            type: 'action/inactive_player',
            message: `player ${action.playerID} may not move now: it is not in ctx.actionPlayers (${ap})${turn}`,
          };
        }
        const args = JSON.stringify(action.args ?? []);
        if (this.release.invalidMove === 'INVALID_MOVE')
          return { type: 'action/invalid_move', message: `${name} returned INVALID_MOVE for args ${args}` };
        return {
          type: 'action/invalid_move',
          message:
            `moves.${name} returned undefined for args ${args}: ${this.rel} has no INVALID_MOVE and refuses a move that returns no G ` +
            `(moves must return the new G; whatever the move changed in G in place stays changed)`,
        };
      }
      case 'event': {
        if (!this.playerEvent.reached) {
          const ap = shown(ctx.actionPlayers ?? []);
          return {
            type: 'action/inactive_player',
            message: `player ${action.playerID} may not call events now: ${this.rel} lets only the current player (${ctx.currentPlayer}) call them, and only while it is in ctx.actionPlayers (${ap})`,
          };
        }
        const verdict = this.playerEvent.verdict;
        if (verdict?.error) return verdict.error;
        for (const text of [verdict?.warning, verdict?.reason])
          if (text) this.note('warn', `player ${action.playerID}'s ${action.name}: ${text}`);
        return null;
      }
      case 'undo': {
        if (after !== before) return null;
        const undo: Obj[] = before._undo ?? [];
        if (undo.length < 2) {
          return { type: 'action/action_invalid', message: `no moves to undo (${this.rel} only undoes moves of the current turn)` };
        }
        const last = undo[undo.length - 1];
        const undoable = this.view.setting(ctx.phase, 'undoableMoves');
        return {
          type: 'action/action_invalid',
          message: `move ${last.moveType} cannot be undone: ${undoable ? `${undoable.path} is ${shown(undoable.value)}` : 'it is not undoable'}`,
        };
      }
      case 'redo':
        return after !== before ? null : { type: 'action/action_invalid', message: 'no moves to redo' };
      case 'reset':
        return null;
    }
  }

  private allowedMovesText(state: BgioState): string {
    const setting = this.view.setting(state.ctx.phase, 'allowedMoves');
    if (!setting) return 'the move is not allowed';
    if (typeof setting.value === 'function') {
      const list = this.quiet(() => {
        try {
          return setting.value(state.G, state.ctx);
        } catch {
          return undefined;
        }
      });
      return `${setting.path} returned ${shown(list)}`;
    }
    return `${setting.path} is ${shown(setting.value)}`;
  }

  /**
   * Phases do not start turns in these releases: when one begins mid-turn, its turn order's
   * `first` may hand the turn to another player with no turn boundary at all.
   */
  private noteSilentPlayerChange(before: BgioState, after: BgioState): void {
    if (!this.recorder.recording) return;
    const a = before.ctx;
    const b = after.ctx;
    if (a.turn !== b.turn || a.currentPlayer === b.currentPlayer) return;
    if (this.recorder.finish().transitions.some((t) => t.type === 'turn-begin')) return;
    const why =
      a.phase !== b.phase ? `phase ${b.phase} began and its turn order picked player ${b.currentPlayer}` : 'the turn order state changed';
    this.note(
      'info',
      `player ${b.currentPlayer} is now the current player within turn ${b.turn}: ${why} (in ${this.rel} a new phase does not start a new turn)`,
    );
  }

  /**
   * The flows end phases and turns by dispatching their own `endPhase` / `endTurn` events. In
   * 0.26 a disabled event is missing from the flow altogether, so that dispatch does nothing:
   * `endPhaseIf` / `endTurnIf` (and `movesPerTurn`) fire to no effect.
   */
  private noteDeafTriggers(): void {
    if (!this.recorder.recording) return;
    const names: string[] = this.flow.eventNames ?? [];
    const { entries, transitions } = this.recorder.finish();
    for (const [event, suffix, what, boundary] of [
      ['endPhase', '.endPhaseIf', 'phase', 'phase-end'],
      ['endTurn', '.endTurnIf', 'turn', 'turn-end'],
    ] as const) {
      if (names.includes(event) || transitions.some((t) => t.type === boundary)) continue;
      const fired = entries.find(
        (e) =>
          e.fn.endsWith(suffix) &&
          e.returned !== undefined &&
          e.returned !== false &&
          e.returned !== null &&
          e.returned !== 0 &&
          e.returned !== '',
      );
      if (!fired) continue;
      this.note(
        'warn',
        `${fired.fn} returned ${shown(fired.returned)}, but ${this.rel} did not end the ${what}: it ends ${what}s through the ${event} event, which flow.${event}: false removes`,
      );
    }
  }

  private note(level: LogLine['level'], text: string): void {
    if (!this.recorder.recording) return;
    this.recorder.finish().logs.push({ level, text, source: 'flowscope' });
  }

  /** Runs a release predicate that may call game code, without tracing it or printing. */
  private quiet<T>(fn: () => T): T {
    const was = this.recorder.recording;
    this.recorder.recording = false;
    try {
      return withConsoleTo(null, fn);
    } finally {
      this.recorder.recording = was;
    }
  }

  readCtx(state: BgioState): FlowCtx {
    return readFlowCtx(state.ctx);
  }

  isPlayerActive(state: BgioState, playerID: PlayerID): boolean {
    return !!this.flow.canPlayerMakeMove(state.G, state.ctx, playerID);
  }

  availableMoves(state: BgioState, playerID: PlayerID): string[] {
    if (state.ctx.gameover !== undefined || !this.isPlayerActive(state, playerID)) return [];
    const names: string[] = this.game.moveNames ?? [];
    return this.quiet(() => names.filter((name) => this.flow.canMakeMove(state.G, state.ctx, name)));
  }

  get enumerates(): boolean {
    return typeof this.spec.ai?.enumerate === 'function';
  }

  enumerate(state: BgioState, playerID: PlayerID): unknown[] | null {
    const fn = this.spec.ai?.enumerate;
    if (typeof fn !== 'function') return null;
    return this.quiet(() => fn(state.G, state.ctx, playerID));
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return a === b;
  }
}

/** Spec shapes a release cannot run at all, refused with what the release would have done. */
function checkShape(spec: GameConfig, release: FlowRelease): void {
  const phases = spec.flow?.phases;
  if (release.phases === 'array' && isObject(phases) && !Array.isArray(phases) && typeof spec.flow?.processGameEvent !== 'function') {
    throw new Error(
      `${label(release)} takes flow.phases as an array of { name, … } (a map of phases by name, with startingPhase and next, arrived in 0.27); ` +
        `given a map it fails with "TypeError: Cannot read properties of undefined (reading 'name')"`,
    );
  }
}

/** Options of another release that this one silently ignores. */
function legacyNotes(spec: GameConfig, release: FlowRelease, setupData: unknown): string[] {
  const out: string[] = [];
  const flow = isObject(spec.flow) ? spec.flow : {};
  const rel = label(release);
  if (release.phases === 'array') {
    if (flow.startingPhase !== undefined)
      out.push(`flow.startingPhase is not a ${rel} option (it arrived in 0.27): the game starts in the first phase of flow.phases`);
    if (Array.isArray(flow.phases)) {
      for (const p of flow.phases) {
        if (isObject(p) && p.next !== undefined)
          out.push(
            `flow.phases.${p.name}.next is not a ${rel} option (it arrived in 0.27): a phase that ends moves on to the next one of flow.phases`,
          );
      }
    }
    if (setupData !== undefined && setupData !== null) out.push(`${rel} calls setup(ctx) with no setupData: the setup data is ignored`);
  } else if (Array.isArray(flow.phases)) {
    out.push(
      `flow.phases is an array: ${rel} takes a map of phases by name (arrays ended in 0.27), so the phases are named ${flow.phases.map((_, i) => i).join(', ')}`,
    );
  }
  return out;
}
