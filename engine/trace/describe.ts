import { toPlain } from '../util/plain';

/** `setActivePlayers({"value":{"2":"respond"},"maxMoves":1})`: a call as a reader would write it. */
export function describeCall(name: string, args: readonly unknown[]): string {
  const shown = args.map((a) => (a === undefined ? 'undefined' : JSON.stringify(toPlain(a)))).join(', ');
  return `${name}(${shown})`;
}
