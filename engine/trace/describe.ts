import type { FlowAction } from '../types';
import { toPlain } from '../util/plain';

/** `setActivePlayers({"value":{"2":"respond"},"maxMoves":1})`: a call as a reader would write it. */
export function describeCall(name: string, args: readonly unknown[]): string {
  const shown = args.map((a) => (a === undefined ? 'undefined' : JSON.stringify(toPlain(a)))).join(', ');
  return `${name}(${shown})`;
}

/** An action as one short line: `play(2)`, `event endTurn()`, `undo`, or "(game created)" for the initial state. */
export function describeAction(action: FlowAction | null): string {
  if (!action) return '(game created)';
  switch (action.type) {
    case 'move':
      return describeCall(action.name, action.args);
    case 'event':
      return `event ${describeCall(action.name, action.args)}`;
    default:
      return action.type;
  }
}
