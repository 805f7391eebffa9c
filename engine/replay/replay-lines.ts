// The append-only form of a replay (JSON Lines), as the crash journal writes it: the replay's header
// on the first line, then one action per line. A branch from the past is a line `{"truncate": n}`:
// the actions after the first n are replaced by the lines that follow it.
import type { FlowAction } from '../types';
import { flowActionSchema } from '../schema/action-schema';
import { describeIssues, plainIssueMessage } from '../schema/issues';
import { REPLAY_FORMAT } from './replay-format';

/** Where the lines stop being readable before their end: that line and everything after it were not read. */
export interface ReplayLinesDamage {
  /** The damaged line's number (1 = the header). */
  line: number;
  /** Why it cannot be read. */
  reason: string;
  /** How many actions the lines after it record (none of them was read). */
  actionsAfter: number;
}

export interface ReplayLines {
  /** The first line's object: the replay without its actions (not yet checked against the replay schema). */
  header: Record<string, unknown>;
  /** Every action read, branches applied. */
  actions: FlowAction[];
  /** Set when the text ended in a line cut short (a crash mid-write): that line was left out. */
  torn: boolean;
  damaged?: ReplayLinesDamage;
}

/** The header line of a replay's line form. */
export function formatReplayHeaderLine(header: object): string {
  return JSON.stringify(header) + '\n';
}

/** The lines that record actions at steps `first`, `first + 1`, … after a record of `known` actions. */
export function formatReplayActionLines(known: number, first: number, actions: readonly FlowAction[]): string {
  const branch = first - 1 < known ? JSON.stringify({ truncate: first - 1 }) + '\n' : '';
  return branch + actions.map((a) => JSON.stringify(a) + '\n').join('');
}

/** Whether `text` is the line form: its first line alone is a replay's header (a JSON object without `actions`). */
export function isReplayLines(text: string): boolean {
  const end = text.indexOf('\n');
  const first = parseObject(end < 0 ? text : text.slice(0, end));
  return first !== null && first.format === REPLAY_FORMAT && !('actions' in first);
}

/**
 * Reads the line form (null when the first line is no replay header). A last line cut short is
 * left out (`torn`); a damaged line before the end stops the reading there, and `damaged` says which
 * line it was and how many actions follow it. Every action is checked with the action schema.
 */
export function readReplayLines(text: string): ReplayLines | null {
  const lines = text.split('\n');
  const first = parseObject(lines[0]);
  if (!first || first.format !== REPLAY_FORMAT || 'actions' in first) return null;
  const header = first;
  let actions: FlowAction[] = [];
  let lastText = lines.length - 1;
  while (lastText > 0 && lines[lastText] === '') lastText--;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    const read = readLine(line);
    if (typeof read === 'number') {
      if (read > actions.length) return damagedAt(i, `truncate: ${read} is past the ${actions.length} actions before it`);
      actions = actions.slice(0, read);
    } else if (typeof read !== 'string') actions.push(read);
    // The last line without its newline is one a crash cut short; anything else is damage.
    else if (i === lastText && i === lines.length - 1) return { header, actions, torn: true };
    else return damagedAt(i, read);
  }
  return { header, actions, torn: false };

  function damagedAt(i: number, reason: string): ReplayLines {
    const actionsAfter = lines.slice(i + 1).filter((t) => t !== '' && !t.startsWith('{"truncate"')).length;
    return { header, actions, torn: false, damaged: { line: i + 1, reason, actionsAfter } };
  }
}

/** What a damage means, in words. */
export function describeReplayLinesDamage({ line, reason, actionsAfter }: ReplayLinesDamage): string {
  return `line ${line} is damaged (${reason}): it and the ${actionsAfter} action${actionsAfter === 1 ? '' : 's'} after it cannot be read`;
}

/** One line after the header: an action, a branch (the number of actions kept), or why it is neither. */
function readLine(text: string): FlowAction | number | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (value !== null && typeof value === 'object' && 'truncate' in value) {
    const keep = (value as { truncate: unknown }).truncate;
    return Number.isInteger(keep) && (keep as number) >= 0
      ? (keep as number)
      : `truncate must be an integer of at least 0, got ${JSON.stringify(keep)}`;
  }
  const action = flowActionSchema.safeParse(value, { error: plainIssueMessage });
  return action.success ? action.data : `not a valid action (${describeIssues(action.error).join('; ')})`;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
