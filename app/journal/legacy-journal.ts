// Journals written before the journal became a replay (Flowscope before issue 32): an opening line
// `{ kind: 'open', open, pid, at, actions }`, then `{ kind: 'action', step, action }` lines. Still
// read, so that a session an older Flowscope left unfinished can be restored.
import { validateHostRequest, type FlowAction, type OpenRequest } from '../../engine';
import type { JournalDamage } from './session-journal';

type LegacyLine =
  | { kind: 'open'; open: OpenRequest; pid: number; at: string; actions?: FlowAction[] }
  | { kind: 'action'; step: number; action: FlowAction };

export interface LegacyJournal {
  open: OpenRequest;
  actions: FlowAction[];
  at: string;
  pid: number;
  torn: boolean;
  damaged?: JournalDamage;
}

/** Whether a journal's first line is the opening line of the older format. */
export function isLegacyJournal(text: string): boolean {
  return text.startsWith('{"kind":"open"');
}

/** One action line, checked with the same schema a client's `dispatch` is: a damaged line never reaches the engine. */
function readActionLine(line: unknown): { step: number; action: FlowAction } | string {
  const { kind, step, action } = (line ?? {}) as { kind?: unknown; step?: unknown; action?: unknown };
  if (kind !== 'action') return 'not an action line';
  if (!Number.isInteger(step) || (step as number) < 1) return `step must be an integer of at least 1, got ${JSON.stringify(step)}`;
  try {
    return { step: step as number, action: validateHostRequest('dispatch', [action]).params[0] as FlowAction };
  } catch (error) {
    return `not a valid action (${(error as Error).message.replace(/^dispatch: /, '')})`;
  }
}

/**
 * Reads a journal of the older format. A torn last line is left out; a damaged line before the end
 * stops the reading there, and `damaged` says which line it was and how many actions follow it.
 */
export function readLegacyJournal(text: string): LegacyJournal | null {
  const lines = text.split('\n');
  let torn = false;
  let damaged: JournalDamage | undefined;
  let head: Extract<LegacyLine, { kind: 'open' }> | null = null;
  let actions: FlowAction[] = [];
  const lastText = lines.findLastIndex((t) => t !== '');
  for (const [i, t] of lines.entries()) {
    if (!t) continue;
    let line: LegacyLine | string;
    try {
      line = JSON.parse(t) as LegacyLine;
    } catch {
      line = 'not JSON';
    }
    if (i === 0) {
      if (typeof line === 'string' || line?.kind !== 'open' || typeof line.open?.game !== 'string') return null;
      head = line;
      const opening = Array.isArray(line.actions) ? line.actions : [];
      for (const [n, action] of opening.entries()) {
        const read = readActionLine({ kind: 'action', step: n + 1, action });
        if (typeof read === 'string') {
          const later = lines.slice(1).filter((l) => l.includes('"kind":"action"')).length;
          damaged = { line: 1, reason: `its action ${n + 1} is ${read}`, actionsAfter: opening.length - n - 1 + later };
          break;
        }
        actions.push(read.action);
      }
      if (damaged) break;
      continue;
    }
    const read = typeof line === 'string' ? line : readActionLine(line);
    if (typeof read !== 'string') {
      // Step 1 is the first action (step 0 is the game's creation).
      actions = [...actions.slice(0, read.step - 1), read.action];
      continue;
    }
    if (i === lastText && i === lines.length - 1) torn = true;
    else damaged = { line: i + 1, reason: read, actionsAfter: lines.slice(i + 1).filter((l) => l.includes('"kind":"action"')).length };
    break;
  }
  if (!head) return null;
  return { open: head.open, actions, at: head.at, pid: head.pid, torn, ...(damaged ? { damaged } : {}) };
}
