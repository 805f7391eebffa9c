/* eslint-disable @typescript-eslint/no-explicit-any -- configs written for releases 0.26 to 0.49 are read as data of whatever shape their authors gave them. */
/**
 * A flow-era game's move tables: ≤0.32 had one global table that `allowedMoves` narrowed per
 * phase, `undoableMoves` and `redactedMoves` marked; 0.50 namespaces moves per phase and marks
 * each move in its long form.
 */
import type { Builder } from './builder';
import { q } from './notes';
import { isFn, type Entry, type Node } from './plan-tree';

/** One move table: where its legacy parts are written, and where it goes. */
export interface MoveTableSource {
  allowed: unknown;
  allowedFrom: string;
  undoable: unknown;
  undoableFrom: string;
  /** The 0.50 path of the table (`moves`, `phases.A.moves`). */
  to: string;
  /** Whether the table is written even when nothing narrows or marks its moves. */
  always: boolean;
}

/** Plans one move table, or null when the phase keeps the global one. */
export type MoveTables = (source: MoveTableSource) => Node | null;

/** The move-table planner of a flow-era game with these `moves` (`flow.redactedMoves` applies to every table). */
export function moveTables(b: Builder, flow: Record<string, any>, moves: Record<string, unknown>): MoveTables {
  const v26 = b.era === 'flow-0.26';
  const redacted: string[] = Array.isArray(flow.redactedMoves) ? flow.redactedMoves : [];
  if (redacted.length)
    b.note(
      'info',
      'redactedMoves',
      'flow.redactedMoves',
      `\`flow.redactedMoves\` is \`redact: true\` on each of those moves (the long move form) since 0.33.`,
    );
  const moveNode = (name: string, to: string): Node => {
    const move = moves[name];
    return isFn(move)
      ? b.fn(move, 'move', `moves.${name}`, to, v26 ? { kind: 'move-0.26' } : undefined)
      : { t: 'keep', value: move, from: `moves.${name}` };
  };
  return ({ allowed, allowedFrom, undoable, undoableFrom, to, always }) => {
    const hasAllowed = allowed !== null && allowed !== undefined;
    const hasUndoable = Array.isArray(undoable);
    if (!hasAllowed && !hasUndoable && !redacted.length && !always) return null;
    let names = Object.keys(moves);
    if (Array.isArray(allowed)) {
      const unknown = allowed.filter((n) => !(n in moves));
      if (unknown.length)
        b.note(
          'info',
          'allowedMoves',
          allowedFrom,
          `${q(allowedFrom)} names ${unknown.map((n) => `\`${n}\``).join(', ')}, which ${unknown.length === 1 ? 'is not a move' : 'are not moves'}: left out.`,
          to,
        );
      names = allowed.filter((n) => n in moves);
      b.note(
        'info',
        'allowedMoves',
        allowedFrom,
        `${q(allowedFrom)} is the move table ${q(to)} since 0.33 (moves are namespaced per phase).`,
        to,
      );
    }
    let allowedNode: Node | null = null;
    if (isFn(allowed)) {
      allowedNode = b.fn(allowed, 'allowedMoves', allowedFrom, to);
      b.note(
        'decision',
        'allowedMoves',
        allowedFrom,
        `${q(allowedFrom)} is a function: 0.50 phases list their moves statically. The migrated config offers every move and refuses the ones it does not return (INVALID_MOVE); in the source, list the moves of ${q(to)} or check in each move.`,
        to,
      );
    }
    if (hasUndoable)
      b.note(
        'info',
        'undoableMoves',
        undoableFrom,
        `${q(undoableFrom)}: the other moves are \`undoable: false\` (the long move form) since 0.33.`,
        to,
      );
    const tableEntries: Entry[] = names.map((name) => {
      const path = `${to}.${name}`;
      let node = moveNode(name, path);
      if (allowedNode) node = { t: 'guarded', name, move: node, allowed: allowedNode };
      const undoableFlag = hasUndoable && !(undoable as string[]).includes(name) ? false : undefined;
      const redact = redacted.includes(name) ? true : undefined;
      if (undoableFlag === false || redact)
        node = { t: 'longMove', move: node, ...(undoableFlag === false ? { undoable: false } : {}), ...(redact ? { redact } : {}) };
      return { key: name, node, path };
    });
    return { t: 'obj', entries: tableEntries };
  };
}
