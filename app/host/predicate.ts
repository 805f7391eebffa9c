import { asGameCode } from '../load/activity';

/** A breakpoint predicate that cannot be compiled or that threw; the message says which and why. */
export class PredicateError extends Error {
  override name = 'PredicateError';
}

export type Predicate = (G: unknown, ctx: unknown) => boolean;

/**
 * Compiles predicate text over `G` and `ctx` (`G.deck.length === 0 && ctx.turn > 3`). It runs in
 * the host's worker, beside the game code it inspects, never in the window: the window's Content
 * Security Policy forbids evaluating code, and the truth lives in the host.
 */
export function compilePredicate(source: string): Predicate {
  let fn: (G: unknown, ctx: unknown) => unknown;
  try {
    fn = new Function('G', 'ctx', `"use strict"; return (${source}\n);`) as typeof fn;
  } catch (error) {
    throw new PredicateError(`the predicate ${JSON.stringify(source)} is not a JavaScript expression: ${(error as Error).message}`);
  }
  return (G, ctx) => {
    try {
      // Run as game code: a condition that never returns is stopped by the same watchdog.
      return !!asGameCode(`the breakpoint condition ${JSON.stringify(source)}`, () => fn(G, ctx));
    } catch (error) {
      throw new PredicateError(`the predicate ${JSON.stringify(source)} threw: ${(error as Error).message}`);
    }
  };
}
