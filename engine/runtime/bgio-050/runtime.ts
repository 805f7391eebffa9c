import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/dist/cjs/internal.js';
import * as core from 'boardgame.io/dist/cjs/core.js';
import type { TraceRecorder } from '../../trace/recorder';
import type { ActionError, BgioState, FlowAction, FlowCtx, GameConfig, PlayerID } from '../../types';
import type { BgioRuntime, ReduceResult, RuntimeGame } from '../runtime';
import { withConsoleTo } from '../console-capture';
import { EventsProbe } from './events-probe';
import { instrumentConfig } from './instrument';
import { describeActionError, stripStack } from '../action-errors';
import { readFlowCtx } from '../read-ctx';

const PLUGIN_INVALID_LOG = /^ERROR: events plugin declared action invalid:\n/;

function toBgioAction(action: FlowAction, initialState: BgioState): Record<string, unknown> {
  switch (action.type) {
    case 'move':
      return { type: 'MAKE_MOVE', payload: { type: action.name, args: action.args, playerID: action.playerID } };
    case 'event':
      return { type: 'GAME_EVENT', payload: { type: action.name, args: action.args, playerID: action.playerID } };
    case 'undo':
      return { type: 'UNDO', payload: { type: null, args: null, playerID: action.playerID } };
    case 'redo':
      return { type: 'REDO', payload: { type: null, args: null, playerID: action.playerID } };
    case 'reset':
      return { type: 'RESET', state: initialState };
  }
}


class Game050 implements RuntimeGame {
  private readonly game: any;
  private readonly reducer: (state: BgioState, action: unknown) => BgioState;
  private readonly probe: EventsProbe;
  readonly enabledEvents: readonly string[];

  constructor(
    readonly runtime: BgioRuntime,
    private readonly original: GameConfig,
    private readonly recorder: TraceRecorder,
    seed: string,
  ) {
    this.probe = new EventsProbe(recorder);
    const instrumented = instrumentConfig(original, recorder, this.probe);
    instrumented.seed = seed;
    this.game = ProcessGameConfig(instrumented as any);
    const flow = this.game.flow;
    const processEvent = flow.processEvent;
    flow.processEvent = (state: BgioState, action: { automatic?: boolean; payload: { type: string; args: unknown; playerID?: string } }) => {
      const { type, args, playerID } = action.payload;
      const traced = action.automatic ? this.probe.applying(args) : undefined;
      const argList = Array.isArray(args) ? args : args === undefined ? [] : [args];
      recorder.eventProcessingStart(type, argList, action.automatic ? null : `player ${playerID}`, traced);
      try {
        return processEvent(state, action);
      } finally {
        recorder.eventProcessingEnd();
      }
    };
    this.reducer = CreateGameReducer({ game: this.game }) as any;
    this.enabledEvents = [...flow.enabledEventNames];
  }

  initialize({ numPlayers, setupData }: { numPlayers: number; setupData?: unknown }): BgioState {
    this.recorder.begin(undefined);
    this.probe.begin();
    const state = withConsoleTo(this.recorder, () => InitializeGame({ game: this.game, numPlayers, setupData }) as BgioState);
    this.probe.settle(!!state.ctx.gameover, this.loggedPluginRefusal(), null);
    return state;
  }

  reduce(state: BgioState, action: FlowAction, initialState: BgioState): ReduceResult {
    this.recorder.begin(state.ctx.phase ?? null);
    this.probe.begin();
    const clientRefusal = this.refuseLikeTheClient(state, action);
    if (clientRefusal) return { state, error: clientRefusal };
    const next = withConsoleTo(this.recorder, () => this.reducer(state, toBgioAction(action, initialState)));
    const { transients, ...result } = next as BgioState & { transients?: { error?: { type: string; payload?: any } } };
    let error: ActionError | null = null;
    let pluginRefusal: string | null = null;
    if (transients?.error) {
      const { type, payload } = transients.error;
      if (type === 'action/plugin_invalid' && payload?.plugin === 'events') pluginRefusal = String(payload.message ?? '');
      error = describeActionError(type, payload, action, state, this);
    } else if (action.type === 'event') {
      const refusal = this.recorder.finish().logs.find((l) => l.source === 'boardgame.io' && /^(INFO: cannot|ERROR:)/.test(l.text));
      if (refusal) error = { type: 'flow/refused', message: refusal.text.replace(/^(ERROR:|INFO:)\s*/, '') };
    }
    this.probe.settle(!!result.ctx.gameover, pluginRefusal ?? (error ? null : this.loggedPluginRefusal()), pluginRefusal ? null : error);
    return { state: result as BgioState, error };
  }

  /** boardgame.io's Client only offers the events that `game.events` leaves enabled. */
  private refuseLikeTheClient(state: BgioState, action: FlowAction): ActionError | null {
    if (action.type !== 'event') return null;
    if (!(this.game.flow.eventNames as string[]).includes(action.name)) {
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
    return this.game.flow.isPlayerActive(state.G, state.ctx, playerID);
  }

  availableMoves(state: BgioState, playerID: PlayerID): string[] {
    if (state.ctx.gameover !== undefined || !this.isPlayerActive(state, playerID)) return [];
    return (this.game.moveNames as string[]).filter((name) => this.game.flow.getMove(state.ctx, name, playerID) !== null);
  }

  /** Where boardgame.io looks a move up for `playerID`: its stage, the phase, or the global moves. */
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

  enumerate(state: BgioState, playerID: PlayerID): unknown[] | null {
    const fn = this.original.ai?.enumerate;
    if (typeof fn !== 'function') return null;
    return withConsoleTo(null, () => fn(state.G, state.ctx, playerID));
  }
}

export const bgio050: BgioRuntime = {
  version: '0.50.2',
  era: 'context',
  modules: {
    'boardgame.io/core': core,
  },
  prepare(config, recorder, { seed }) {
    return new Game050(bgio050, config, recorder, seed);
  },
};

export type { Game050 };
