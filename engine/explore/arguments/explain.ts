import type { Session } from '../../session/session';
import type { BgioState, FlowAction } from '../../types';
import { declaredOf, type DeclaredSource } from './sources';
import { argumentCount, moveFunction } from './move-lookup';
import { runMoveOnCopy } from './run-move';

const isKeyLike = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/**
 * Why a move that threw with made-up arguments threw because of them, or null when the throw is
 * not explained by its arguments (then it is the game's bug). Explained: an argument the move
 * declares was not given; an argument was looked up as a key of a collection that lacks it, or
 * found nothing there (null or undefined, and the move then failed on it); an argument matches no
 * key and no value the move read (it compared it with the state and found nothing). An argument
 * among the values its parameter's type declares (`declared`) is never blamed.
 */
export function madeUpArgument(session: Session, state: BgioState, action: FlowAction, declared?: DeclaredSource): string | null {
  if (action.type !== 'move') return null;
  const ctx = session.game.readCtx(state);
  const playerID = action.playerID ?? ctx.currentPlayer;
  const found = moveFunction(session.config, ctx, playerID, action.name);
  if (!found) return null;
  const args = action.args ?? [];
  const count = argumentCount(found.fn, session.runtime.era);
  if (args.length < count || args.some((a) => a === undefined))
    return `called with ${args.length} of the ${count} argument${count === 1 ? '' : 's'} it declares`;
  const run = runMoveOnCopy(found.fn, found.path, session.runtime.era, state, playerID, args, session.watchers);
  if (!run.threw && !run.invalid) return null;
  const valueKey = (v: unknown) => (isKeyLike(v) ? String(v) : null);
  const readValues = new Set(run.reads.values.map(valueKey));
  const typed = declaredOf(declared)?.[found.path] ?? [];
  for (const [i, arg] of args.entries()) {
    if (!isKeyLike(arg)) continue;
    // A value the move's own types declare is one a client may send: not explore's guess.
    const domain = typed[i];
    if (domain && 'values' in domain && domain.values.includes(arg)) continue;
    const uses = run.reads.keyUses.filter((u) => u.key === String(arg));
    if (uses.some((u) => !u.present)) return `argument ${i + 1} (${JSON.stringify(arg)}) is not a key of what the move looked it up in`;
    if (uses.some((u) => u.value === undefined || u.value === null) && run.threw instanceof TypeError)
      return `argument ${i + 1} (${JSON.stringify(arg)}) found ${String(uses.find((u) => u.value == null)?.value)} where the move looked it up`;
    if (!uses.length && !readValues.has(String(arg)))
      return `argument ${i + 1} (${JSON.stringify(arg)}) matches nothing the move read from the state`;
  }
  return null;
}
