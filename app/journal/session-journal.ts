import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fdatasyncSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { FlowAction, OpenRequest } from '../../engine';

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

/** Reads a journal; a torn last line is left out, anything unreadable before it ends the journal there. */
export function readJournal(file: string): FoundJournal | null {
  const lines = readFileSync(file, 'utf8').split('\n');
  let torn = false;
  let head: Extract<JournalLine, { kind: 'open' }> | null = null;
  let actions: FlowAction[] = [];
  for (const [i, text] of lines.entries()) {
    if (!text) continue;
    let line: JournalLine;
    try {
      line = JSON.parse(text);
    } catch {
      torn = true;
      break;
    }
    if (i === 0) {
      if (line?.kind !== 'open' || typeof line.open?.game !== 'string') return null;
      head = line;
      actions = Array.isArray(line.actions) ? [...line.actions] : [];
    } else if (line?.kind === 'action' && Number.isInteger(line.step) && line.step >= 1 && line.action && typeof line.action === 'object') {
      // Step 1 is the first action (step 0 is the game's creation).
      actions = [...actions.slice(0, line.step - 1), line.action];
    } else {
      torn = true;
      break;
    }
  }
  if (!head) return null;
  return { file, open: head.open, actions, at: head.at, pid: head.pid, torn };
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

/** Journals left behind by sessions whose process ended without closing them, newest first. */
export function findUnfinishedJournals(dir: string): FoundJournal[] {
  if (!existsSync(dir)) return [];
  const found: FoundJournal[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(SUFFIX)) continue;
    const file = path.join(dir, name);
    let journal: FoundJournal | null;
    try {
      journal = readJournal(file);
    } catch {
      continue;
    }
    if (!journal || alive(journal.pid)) continue;
    found.push(journal);
  }
  return found.sort((a, b) => statSync(b.file).mtimeMs - statSync(a.file).mtimeMs);
}
