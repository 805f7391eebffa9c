/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { EventsProbe } from './events-probe';

type AnyFn = (...args: any[]) => any;
type Holder = Record<string, any> | undefined;

/**
 * How a release hands game functions their state. Up to 0.49 a move, hook or trigger takes
 * `(G, ctx, ...args)` and `setup` takes `(ctx, setupData)`, with `events` on `ctx`; from 0.50 every
 * one takes `({ G, ctx, events, playerID, ... }, ...args)`. Each read is a field access: these run
 * around every game function call.
 */
export interface CallingConvention {
  /** The G the function was called with (undefined for `setup`). */
  G(args: readonly unknown[], setup: boolean): unknown;
  ctx(args: readonly unknown[], setup: boolean): Record<string, any> | undefined;
  playerID(args: readonly unknown[], setup: boolean): string | undefined;
  /** Calls `fn` with `args` (which it may change: they are the caller's own rest array), its `events` reporting to `probe`. */
  invoke(fn: AnyFn, args: unknown[], setup: boolean, probe: EventsProbe): unknown;
  /** The hook the release fills in when a config leaves one out: it returns G unchanged. */
  readonly identity: AnyFn;
}

const gCtx: CallingConvention = {
  G: (args, setup) => (setup ? undefined : args[0]),
  ctx: (args, setup) => (setup ? args[0] : args[1]) as Holder,
  playerID: (args, setup) => ((setup ? args[0] : args[1]) as Holder)?.playerID,
  invoke(fn, args, setup, probe) {
    const ctx = (setup ? args[0] : args[1]) as Holder;
    // The release's own ctx object is passed on, with its events swapped in place for the call.
    return probe.run(ctx, ctx, 'in-place', fn, args);
  },
  identity: (G: unknown) => G,
};

const context: CallingConvention = {
  G: (args) => (args[0] as Holder)?.G,
  ctx: (args) => (args[0] as Holder)?.ctx,
  playerID: (args) => (args[0] as Holder)?.playerID,
  invoke(fn, args, _setup, probe) {
    const c = args[0] as Holder;
    return probe.run(c, c?.ctx, 'copy', fn, args);
  },
  identity: (c: { G: unknown }) => c.G,
};

export const CALLING_CONVENTIONS = { 'g-ctx': gCtx, context } as const;
export type CallingConventionName = keyof typeof CALLING_CONVENTIONS;
