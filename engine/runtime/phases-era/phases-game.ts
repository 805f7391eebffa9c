/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { TraceRecorder } from '../../trace/recorder';
import type { ActionError, BgioState, FlowAction, FlowCtx, GameConfig, PlayerID } from '../../types';
import type { BgioRuntime, InitializeOptions, ReduceResult, RuntimeGame } from '../bgio-runtime';
import { withConsoleTo } from '../console-capture';
import { describeActionError, stripStack } from '../action-errors';
import { readFlowCtx } from '../read-ctx';
import { describeCall } from '../../trace/describe';
import { deepEqual } from '../../util/plain';
import { toBgioAction } from '../bgio-action';
import { refusalKind } from './errors';
import type { ReleaseTraits } from './release';
import { EventsProbe } from './events-probe';
import { instrumentConfig } from './instrument';
import type { PhasesEraInternals, PhasesEraRelease } from './release';
import { loadChecked, modulesOfCopy } from '../copy-modules';

const PLUGIN_INVALID_LOG = /^ERROR: events plugin declared action invalid:\n/;

type Flow = Record<string, any>;

/** One config prepared for one release of the phases API (0.39.16, 0.43.3, 0.49.13, 0.50.2). */
export class PhasesEraGame implements RuntimeGame {
  private readonly game: any;
  private readonly flow: Flow;
  private readonly reducer: (state: BgioState, action: unknown) => BgioState;
  private readonly probe: EventsProbe;
  /** The player whose move is being processed. */
  private actor: PlayerID | undefined;
  readonly enabledEvents: readonly string[];

  constructor(
    readonly runtime: BgioRuntime,
    private readonly release: PhasesEraRelease,
    private readonly original: GameConfig,
    private readonly recorder: TraceRecorder,
    seed: string,
  ) {
    const { traits, internal } = release;
    this.probe = new EventsProbe(recorder, traits, release.version);
    const instrumented = instrumentConfig(original, recorder, this.probe, { traits, actor: () => this.actor });
    instrumented.seed = seed;
    this.game = internal.ProcessGameConfig(instrumented);
    const flow: Flow = this.game.flow;
    this.flow = flow;
    const { processEvent, processMove, init } = flow;
    flow.processEvent = (
      state: BgioState,
      action: { automatic?: boolean; payload: { type: string; args: unknown; playerID?: string } },
    ) => {
      const { type, args, playerID } = action.payload;
      const traced = action.automatic ? this.probe.applying(args) : undefined;
      const argList = Array.isArray(args) ? args : args === undefined ? [] : [args];
      recorder.eventProcessingStart(type, argList, action.automatic ? null : `player ${playerID}`, traced);
      try {
        const next = processEvent(state, action);
        this.probe.observe(next?.ctx);
        return next;
      } finally {
        recorder.eventProcessingEnd();
      }
    };
    flow.processMove = (state: BgioState, payload: unknown) => {
      const next = processMove(state, payload);
      this.probe.observe(next?.ctx);
      return next;
    };
    flow.init = (state: BgioState) => {
      const next = init(state);
      this.probe.observe(next?.ctx);
      return next;
    };
    this.reducer = internal.CreateGameReducer({ game: this.game });
    this.enabledEvents = [...flow.enabledEventNames];
  }

  initialize({ numPlayers, setupData }: InitializeOptions): BgioState {
    this.recorder.begin(undefined);
    this.probe.begin();
    this.actor = undefined;
    const state = withConsoleTo(
      this.recorder,
      () => this.release.internal.InitializeGame({ game: this.game, numPlayers, setupData }) as BgioState,
    );
    this.probe.settle(this.loggedPluginRefusal(), null);
    return state;
  }

  reduce(state: BgioState, action: FlowAction, initialState: BgioState): ReduceResult {
    const { traits } = this.release;
    this.recorder.begin(state.ctx.phase ?? null);
    this.probe.begin();
    this.actor = action.type === 'move' ? action.playerID : undefined;
    const clientRefusal = this.refuseLikeTheClient(state, action);
    if (clientRefusal) return { state, error: clientRefusal };
    // Without transients the refusal is established from the state the reducer checked.
    const kind = traits.transients ? null : refusalKind(state, action, this.game);
    const stateID = state._stateID;
    // Read before the reducer runs: boardgame.io changes some ctx objects of the state it is given.
    const flowBefore = action.type === 'event' ? readFlowCtx(state) : null;
    let next: BgioState;
    try {
      next = withConsoleTo(this.recorder, () => this.reducer(state, toBgioAction(action, initialState)));
    } catch (error) {
      this.probe.settleThrown(this.recorder.finish().entries.find((e) => e.threw)?.fn ?? 'boardgame.io');
      throw error;
    }
    const { transients, ...result } = next as BgioState & { transients?: { error?: { type: string; payload?: any } } };
    let error: ActionError | null = null;
    let pluginRefusal: string | null = null;
    if (transients?.error) {
      const { type, payload } = transients.error;
      if (type === 'action/plugin_invalid' && payload?.plugin === 'events') pluginRefusal = String(payload.message ?? '');
      error = describeActionError(type, payload, action, state, this, undoRules(traits));
    } else if (kind !== null && this.refused(state, next, stateID, action)) {
      error = describeActionError(kind, undefined, action, state, this, undoRules(traits));
    } else if (action.type === 'event' && flowBefore) {
      // Refusals inside the flow (minMoves, an unknown phase) are only logged; an event that still
      // changed the game (`endTurn('2')` ends the turn, `setPhase` to no such phase ends the phase) was not refused.
      const logs = this.recorder.finish().logs;
      const refusal = logs.find((l) => l.source === 'boardgame.io' && /^(INFO: cannot|ERROR:)/.test(l.text));
      if (refusal) {
        const message = refusal.text.replace(/^(ERROR:|INFO:)\s*/, '');
        if (!tookEffect(flowBefore, state.G, next)) error = { type: 'flow/refused', message };
        else
          logs.push({
            level: 'warn',
            text: `player ${action.playerID}'s ${describeCall(action.name, action.args)} took effect although boardgame.io logged "${message}"`,
            source: 'flowscope',
          });
      }
    }
    this.probe.settle(pluginRefusal ?? (error ? null : this.loggedPluginRefusal()), pluginRefusal ? null : error);
    return { state: result as BgioState, error };
  }

  /** Whether a release without transients refused the action: it then hands the state back unchanged. */
  private refused(before: BgioState, after: BgioState, stateID: number, action: FlowAction): boolean {
    if (action.type === 'reset') return false;
    // 0.39 leaves `_stateID` alone on undo and redo, and returns the very same state when it refuses them.
    if ((action.type === 'undo' || action.type === 'redo') && this.release.traits.undo === '0.39') return after === before;
    return after._stateID === stateID;
  }

  /** boardgame.io's Client only offers the events that `game.events` leaves enabled. */
  private refuseLikeTheClient(state: BgioState, action: FlowAction): ActionError | null {
    if (action.type !== 'event') return null;
    if (!(this.flow.eventNames as string[]).includes(action.name)) {
      return { type: 'flowscope/unknown_event', message: `${action.name} is not a boardgame.io ${this.runtime.version} event` };
    }
    if (!this.enabledEvents.includes(action.name) && state.ctx.gameover === undefined) {
      return {
        type: 'client/event_disabled',
        message: `${action.name} is disabled (game.events.${action.name} is false), so boardgame.io's client does not offer it`,
      };
    }
    return null;
  }

  private loggedPluginRefusal(): string | null {
    const line = this.recorder.finish().logs.find((l) => PLUGIN_INVALID_LOG.test(l.text));
    return line ? stripStack(line.text.replace(PLUGIN_INVALID_LOG, '')) : null;
  }

  readCtx(state: BgioState): FlowCtx {
    return readFlowCtx(state);
  }

  isPlayerActive(state: BgioState, playerID: PlayerID): boolean {
    return this.flow.isPlayerActive(state.G, state.ctx, playerID);
  }

  availableMoves(state: BgioState, playerID: PlayerID): string[] {
    if (state.ctx.gameover !== undefined || !this.isPlayerActive(state, playerID)) return [];
    return (this.game.moveNames as string[]).filter((name) => this.flow.getMove(state.ctx, name, playerID) !== null);
  }

  /** Where the release looks a move up for `playerID`: its stage, the phase, or the global moves. */
  moveSource(state: BgioState, playerID: PlayerID): { where: string; moves: string[] } {
    const ctx = state.ctx;
    const phaseConfig = ctx.phase ? this.game.phases?.[ctx.phase] : undefined;
    const stages = (phaseConfig?.turn ?? this.game.turn)?.stages ?? {};
    const stage = ctx.activePlayers?.[playerID];
    if (stage !== undefined && stage !== null && stages[stage]?.moves !== undefined) {
      return { where: `stage ${stage}`, moves: Object.keys(stages[stage].moves) };
    }
    if (phaseConfig?.moves) return { where: `phase ${ctx.phase}`, moves: Object.keys(phaseConfig.moves) };
    return { where: 'the global moves', moves: Object.keys(this.game.moves ?? {}) };
  }

  undoableOf(state: BgioState, name: string): unknown {
    const phaseConfig = state.ctx.phase ? this.original.phases?.[state.ctx.phase] : undefined;
    const turn = phaseConfig?.turn ?? this.original.turn;
    const tables = [
      ...Object.values((turn?.stages ?? {}) as Record<string, { moves?: unknown }>).map((s) => s?.moves),
      phaseConfig?.moves,
      this.original.moves,
    ];
    for (const table of tables) {
      const move = (table as Record<string, unknown> | undefined)?.[name];
      if (move && typeof move === 'object' && 'undoable' in move) return (move as { undoable: unknown }).undoable;
    }
    return undefined;
  }

  get enumerates(): boolean {
    return typeof this.original.ai?.enumerate === 'function';
  }

  enumerate(state: BgioState, playerID: PlayerID): unknown[] | null {
    const fn = this.original.ai?.enumerate;
    if (typeof fn !== 'function') return null;
    return withConsoleTo(null, () => fn(state.G, state.ctx, playerID));
  }
}

/** Whether an action changed the flow or G (boardgame.io moves `_stateID` on even when it changes nothing). */
function tookEffect(flowBefore: FlowCtx, G: unknown, after: BgioState): boolean {
  return !deepEqual(flowBefore, readFlowCtx(after)) || (G !== after.G && !deepEqual(G, after.G));
}

/** A `BgioRuntime` for one release of the phases API. */
export function phasesEraRuntime(release: PhasesEraRelease): BgioRuntime {
  const runtime: BgioRuntime = {
    version: release.version,
    era: release.traits.calls === 'context' ? 'context' : 'phases-g-ctx',
    modules: release.modules,
    prepare(config, recorder, { seed }) {
      return new PhasesEraGame(runtime, release, config, recorder, seed);
    },
    onCopy(copy) {
      const internal = loadChecked<PhasesEraInternals>(copy, 'dist/cjs/internal.js', INTERNALS, release.version);
      const own: Record<string, unknown> = {};
      for (const id of Object.keys(release.modules)) {
        const file = `dist/cjs/${id.slice('boardgame.io/'.length)}.js`;
        own[id] = loadChecked(copy, file, USED_EXPORTS[id] ?? [], release.version);
      }
      return phasesEraRuntime({ ...release, version: copy.version, internal, modules: modulesOfCopy(copy, own) });
    },
  };
  return runtime;
}

// What Flowscope itself calls or reads (game code gets the rest as the copy has it).
const INTERNALS: readonly (keyof PhasesEraInternals)[] = ['InitializeGame', 'CreateGameReducer', 'ProcessGameConfig'];
const USED_EXPORTS: Record<string, readonly string[]> = { 'boardgame.io/core': ['TurnOrder', 'INVALID_MOVE'] };

/** 0.39/0.40 record only moves for undo and let any player undo. */
function undoRules(traits: ReleaseTraits) {
  return traits.undo === '0.39' ? { recordsOnlyMoves: true, anyoneMayUndo: true } : {};
}
