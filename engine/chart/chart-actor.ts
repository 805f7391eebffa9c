/* eslint-disable @typescript-eslint/no-explicit-any -- XState 4's machine and interpreter types are generic over a context and events this chart does not have. */
import { interpret, type Interpreter } from 'xstate';
import type { FlowCtx } from '../types';
import { deepEqual } from '../util/plain';
import { createChartMachine, GAMEOVER_EVENT, phaseEvent, slotEvent } from './machine';
import { observeCtx, observeStep, type ChartModel } from './model';
import { projectCtx, type ChartValue } from './projection';

/**
 * The live statechart of a session: after `sync(ctx)` its state value equals `projectCtx(ctx)`.
 * When a run shows a phase, stage or player the config did not declare, the model grows and the
 * actor restarts on the new machine (in the same place).
 *
 * An actor registered with XState's devtools takes every step as it comes, so an inspector sees
 * each one. Otherwise nothing outside can watch the interpreter between reads, and it moves
 * only when read (`value`, `interpreter`), straight to the last synced ctx: an XState transition
 * costs about as much as boardgame.io's own step, and a session synced step by step (playback,
 * a random run, a replay opened) would pay it for steps no one looks at.
 */
export class ChartActor {
  private service!: Interpreter<any, any, any, any, any>;
  private lastTurn: number | null = null;
  private lastPhase: string | null | undefined = undefined;
  /** The ctx the interpreter has yet to move to. */
  private pending: FlowCtx | null = null;
  /** The model grew since the interpreter started: it restarts on the new machine when it next moves. */
  private outgrown = false;

  constructor(
    readonly model: ChartModel,
    private readonly options: { devTools?: boolean } = {},
  ) {
    this.start();
  }

  get value(): ChartValue {
    this.catchUp();
    return this.service.state.value as ChartValue;
  }

  /** The running XState interpreter (for inspection). */
  get interpreter(): Interpreter<any, any, any, any, any> {
    this.catchUp();
    return this.service;
  }

  private start(): void {
    this.service = interpret(createChartMachine(this.model), { devTools: !!this.options.devTools }).start();
    this.lastTurn = null;
    this.lastPhase = undefined;
  }

  /**
   * Moves the actor to where `ctx` is. With the `step` that led there (the ctx before it and its
   * transitions' causes), a phase change or game end nothing predicted becomes an observed edge.
   * Returns true when the model grew (a new machine).
   */
  sync(ctx: FlowCtx, step?: { before: FlowCtx | null; causes: readonly string[] }): boolean {
    const took = step ? observeStep(this.model, step.before, ctx, step.causes) : false;
    const grew = observeCtx(this.model, ctx) || took;
    if (grew) this.outgrown = true;
    this.pending = ctx;
    if (this.options.devTools) this.catchUp();
    return grew;
  }

  private catchUp(): void {
    const ctx = this.pending;
    if (!ctx) return;
    this.pending = null;
    if (this.outgrown) {
      this.outgrown = false;
      this.service.stop();
      this.start();
    }
    const value = this.service.state.value as ChartValue;
    const target = projectCtx(ctx, this.model.players);
    if (!deepEqual(value, target)) this.service.send(this.eventsTo(value, target, ctx));
    this.lastTurn = ctx.turn;
    this.lastPhase = ctx.phase;
  }

  /** The events that take the interpreter from `value` to `target` (a new turn or phase re-enters the phase). */
  private eventsTo(value: ChartValue, target: ChartValue, ctx: FlowCtx): string[] {
    if (target === 'gameover') return [GAMEOVER_EVENT];
    const events: string[] = [];
    const [key] = Object.keys(target);
    const current = typeof value === 'object' ? (value as Record<string, { turn: Record<string, string> }>)[key] : undefined;
    const reenter = !current || ctx.turn !== this.lastTurn || ctx.phase !== this.lastPhase;
    if (reenter) events.push(phaseEvent(key));
    for (const [player, slot] of Object.entries(target[key].turn)) {
      const now = reenter ? 'waiting' : current!.turn[player];
      if (now !== slot) events.push(slotEvent(player, slot));
    }
    return events;
  }

  stop(): void {
    this.pending = null;
    this.service.stop();
  }
}
