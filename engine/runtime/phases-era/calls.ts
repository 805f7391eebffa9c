/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { EventsProbe } from './events-probe';

type AnyFn = (...args: any[]) => any;
type Holder = Record<string, any> | undefined;

/** What a game function was called with, wherever the release put it. */
export interface CallState {
  G: unknown;
  ctx: Record<string, any> | undefined;
  playerID: string | undefined;
}

/**
 * How a release hands game functions their state. Up to 0.49 a move, hook or trigger takes
 * `(G, ctx, ...args)` and `setup` takes `(ctx, setupData)`, with `events` on `ctx`; from 0.50 every
 * one takes `({ G, ctx, events, playerID, ... }, ...args)`.
 */
export interface CallingConvention {
  read(args: readonly unknown[], setup: boolean): CallState;
  /** Calls `fn` with `args`, its `events` reporting to `probe`. */
  invoke(fn: AnyFn, args: unknown[], setup: boolean, probe: EventsProbe): unknown;
  /** The hook the release fills in when a config leaves one out: it returns G unchanged. */
  readonly identity: AnyFn;
}

const gCtx: CallingConvention = {
  read(args, setup) {
    const ctx = (setup ? args[0] : args[1]) as Holder;
    return { G: setup ? undefined : args[0], ctx, playerID: ctx?.playerID };
  },
  invoke(fn, args, setup, probe) {
    const ctx = (setup ? args[0] : args[1]) as Holder;
    // The release's own ctx object is passed on, with its events swapped in place for the call.
    return probe.run(ctx, ctx, 'in-place', () => fn(...args));
  },
  identity: (G: unknown) => G,
};

const context: CallingConvention = {
  read(args) {
    const c = args[0] as Holder;
    return { G: c?.G, ctx: c?.ctx, playerID: c?.playerID };
  },
  invoke(fn, args, _setup, probe) {
    const c = args[0] as Holder;
    return probe.run(c, c?.ctx, 'copy', (holder) => fn(holder, ...args.slice(1)));
  },
  identity: (c: { G: unknown }) => c.G,
};

export const CALLING_CONVENTIONS = { 'g-ctx': gCtx, context } as const;
export type CallingConventionName = keyof typeof CALLING_CONVENTIONS;
