import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fdatasyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { validateHostRequest, type FlowAction, type OpenRequest } from '../../engine';
import { readRegularTextFile } from '../files/read-regular-file';

/** A session as a journal holds it: how it was opened, and every action dispatched since. */
export interface JournaledSession {
  open: OpenRequest;
  actions: FlowAction[];
}

/** One journal line. `step` is the action's step index: a branch from the past replaces what followed. */
type JournalLine =
  | { kind: 'open'; open: OpenRequest; pid: number; at: string; actions?: FlowAction[] }
  | { kind: 'action'; step: number; action: FlowAction };

export interface FoundJournal extends JournaledSession {
  file: string;
  /** When the session was opened. */
  at: string;
  /** The process that wrote it. */
  pid: number;
  /** Set when the file ended in a line cut short (a crash mid-write): that line was left out. */
  torn: boolean;
  /** Set when a line before the end cannot be read: the actions from there on were not read. */
  damaged?: JournalDamage;
}

const SUFFIX = '.journal.jsonl';

/**
 * An append-only journal of one session's actions, written as they are dispatched and flushed
 * to disk, so that after a crash, a `kill -9` or a power cut the next start can restore the
 * session with every action recorded. A clean shutdown deletes it.
 */
export class SessionJournal {
  readonly file: string;
  private fd: number | null = null;

  constructor(readonly dir: string) {
    this.file = path.join(dir, `${Date.now()}-${process.pid}-${randomBytes(4).toString('hex')}${SUFFIX}`);
  }

  /** A session was opened (or replaced): the journal starts afresh with it. */
  start(session: JournaledSession): void {
    this.close();
    mkdirSync(this.dir, { recursive: true });
    this.fd = openSync(this.file, 'w', 0o600);
    this.write([{ kind: 'open', open: session.open, pid: process.pid, at: new Date().toISOString(), actions: session.actions }]);
  }

  /** Actions dispatched at steps `first`, `first + 1`, …; flushed before this returns. */
  append(first: number, actions: FlowAction[]): void {
    if (this.fd === null || actions.length === 0) return;
    this.write(actions.map((action, i) => ({ kind: 'action', step: first + i, action })));
  }

  /** A clean end: nothing to restore. */
  discard(): void {
    this.close();
    rmSync(this.file, { force: true });
  }

  private write(lines: JournalLine[]): void {
    writeSync(this.fd!, lines.map((l) => JSON.stringify(l) + '\n').join(''));
    fdatasyncSync(this.fd!);
  }

  private close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/** Where a journal stops being readable before its end: that line and everything after it were not restored. */
export interface JournalDamage {
  /** The damaged line's number (1 = the opening line). */
  line: number;
  /** Why it cannot be read. */
  reason: string;
  /** How many actions the lines after it record (none of them is restored). */
  actionsAfter: number;
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
 * Reads a journal. A torn last line (a crash mid-write) is left out; a damaged line before the end
 * stops the reading there, and `damaged` says which line it was and how many actions follow it.
 */
export function readJournal(file: string): FoundJournal | null {
  const lines = readRegularTextFile(file, 'session journal').split('\n');
  let torn = false;
  let damaged: JournalDamage | undefined;
  let head: Extract<JournalLine, { kind: 'open' }> | null = null;
  let actions: FlowAction[] = [];
  const lastText = lines.findLastIndex((text) => text !== '');
  for (const [i, text] of lines.entries()) {
    if (!text) continue;
    let line: JournalLine | string;
    try {
      line = JSON.parse(text) as JournalLine;
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
          const later = lines.slice(1).filter((t) => t.includes('"kind":"action"')).length;
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
    // The last line without its newline is one a crash cut short; anything else is damage.
    if (i === lastText && i === lines.length - 1) torn = true;
    else damaged = { line: i + 1, reason: read, actionsAfter: lines.slice(i + 1).filter((t) => t.includes('"kind":"action"')).length };
    break;
  }
  if (!head) return null;
  return { file, open: head.open, actions, at: head.at, pid: head.pid, torn, ...(damaged ? { damaged } : {}) };
}

/**
 * After a damaged journal was restored, keeps it (every line, the unread ones too) under a name
 * that is no longer offered for restoring, and returns that name; a whole journal is deleted.
 */
export function retireJournal(journal: FoundJournal): string | null {
  if (!journal.damaged) {
    rmSync(journal.file, { force: true });
    return null;
  }
  const kept = journal.file.slice(0, -SUFFIX.length) + '.damaged.jsonl';
  renameSync(journal.file, kept);
  return kept;
}

/** What a restore of `journal` left out, in words (empty when it restored everything). */
export function journalLosses(journal: FoundJournal, kept: string | null): string {
  const notes: string[] = [];
  if (journal.torn) notes.push('its last, half-written line was left out');
  if (journal.damaged) {
    const { line, reason, actionsAfter } = journal.damaged;
    notes.push(
      `line ${line} of its journal is damaged (${reason}): it and the ${actionsAfter} action${actionsAfter === 1 ? '' : 's'} after it were not restored${kept ? `; the whole journal is kept at ${kept}` : ''}`,
    );
  }
  return notes.join('; ');
}

/** Whether a process with this id is running (a journal of a live process is not a crashed one). */
function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * Journals left behind by sessions whose process ended without closing them, newest first. A
 * journal that cannot be read (a FIFO, a device, a binary file) is passed over, and `skipped` is
 * told why.
 */
export function findUnfinishedJournals(dir: string, skipped: (why: string) => void = () => undefined): FoundJournal[] {
  if (!existsSync(dir)) return [];
  const found: FoundJournal[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(SUFFIX)) continue;
    const file = path.join(dir, name);
    let journal: FoundJournal | null;
    try {
      journal = readJournal(file);
    } catch (error) {
      skipped(`${(error as Error).message}; it was passed over`);
      continue;
    }
    if (!journal || alive(journal.pid)) continue;
    found.push(journal);
  }
  return found.sort((a, b) => statSync(b.file).mtimeMs - statSync(a.file).mtimeMs);
}
