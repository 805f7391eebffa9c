/* eslint-disable @typescript-eslint/no-explicit-any -- XState 4's machine and interpreter types are generic over a context and events this chart does not have. */
import { interpret, type Interpreter } from 'xstate';
import type { FlowCtx } from '../types';
import { deepEqual } from '../util/plain';
import { createChartMachine, GAMEOVER_EVENT, phaseEvent, slotEvent } from './machine';
import { observeCtx, type ChartModel } from './model';
import { projectCtx, type ChartValue } from './projection';

/**
 * The live statechart of a session: after `sync(ctx)` its state value equals `projectCtx(ctx)`.
 * When a run shows a phase, stage or player the config did not declare, the model grows and the
 * actor restarts on the new machine (in the same place).
 */
export class ChartActor {
  private service!: Interpreter<any, any, any, any, any>;
  private lastTurn: number | null = null;
  private lastPhase: string | null | undefined = undefined;

  constructor(
    readonly model: ChartModel,
    private readonly options: { devTools?: boolean } = {},
  ) {
    this.start();
  }

  get value(): ChartValue {
    return this.service.state.value as ChartValue;
  }

  /** The running XState interpreter (for inspection). */
  get interpreter(): Interpreter<any, any, any, any, any> {
    return this.service;
  }

  private start(): void {
    this.service = interpret(createChartMachine(this.model), { devTools: !!this.options.devTools }).start();
    this.lastTurn = null;
    this.lastPhase = undefined;
  }

  /** Moves the actor to where `ctx` is. Returns true when the model grew (a new machine). */
  sync(ctx: FlowCtx): boolean {
    const grew = observeCtx(this.model, ctx);
    if (grew) {
      this.service.stop();
      this.start();
    }
    const target = projectCtx(ctx, this.model.players);
    if (deepEqual(this.value, target)) {
      this.lastTurn = ctx.turn;
      this.lastPhase = ctx.phase;
      return grew;
    }
    const events: string[] = [];
    if (target === 'gameover') events.push(GAMEOVER_EVENT);
    else {
      const [key] = Object.keys(target);
      const current = typeof this.value === 'object' ? (this.value as Record<string, { turn: Record<string, string> }>)[key] : undefined;
      const reenter = !current || ctx.turn !== this.lastTurn || ctx.phase !== this.lastPhase;
      if (reenter) events.push(phaseEvent(key));
      for (const [player, slot] of Object.entries(target[key].turn)) {
        const now = reenter ? 'waiting' : current!.turn[player];
        if (now !== slot) events.push(slotEvent(player, slot));
      }
    }
    this.service.send(events);
    this.lastTurn = ctx.turn;
    this.lastPhase = ctx.phase;
    return grew;
  }

  stop(): void {
    this.service.stop();
  }
}
