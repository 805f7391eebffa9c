import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fdatasyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import {
  formatReplayActionLines,
  formatReplayHeaderLine,
  parseReplay,
  readReplayLines,
  ReplayError,
  type FlowAction,
  type OpenRequest,
  type ReplayFile,
} from '../../engine';
import { readRegularTextFile } from '../files/read-regular-file';
import { locationOf } from '../game/game-location';
import { isLegacyJournal, readLegacyJournal } from './legacy-journal';

/** A session as the worker records it: a replay (its header, and every action dispatched since). */
export type SessionRecord = Omit<ReplayFile, 'expect'>;

/** A session as a restore needs it: how to open it, and every action to dispatch. */
export interface JournaledSession {
  open: OpenRequest;
  actions: FlowAction[];
}

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
 * An append-only journal of one session, written as its actions are dispatched and flushed to disk,
 * so that after a crash, a `kill -9` or a power cut the next start can restore the session with
 * every action recorded. It is a replay in its line form (the header, then one action per line):
 * `flowscope replay`, `check` and the page's Open replay open it. A clean shutdown deletes it.
 */
export class SessionJournal {
  readonly file: string;
  private fd: number | null = null;
  /** How many actions the journal records now (a branch from the past writes a `truncate` line). */
  private count = 0;

  constructor(readonly dir: string) {
    this.file = path.join(dir, `${Date.now()}-${process.pid}-${randomBytes(4).toString('hex')}${SUFFIX}`);
  }

  /** A session was opened (or replaced): the journal starts afresh with it. */
  start(record: SessionRecord): void {
    this.close();
    mkdirSync(this.dir, { recursive: true });
    this.fd = openSync(this.file, 'w', 0o600);
    const { actions, ...header } = record;
    const journal = { pid: process.pid, at: new Date().toISOString() };
    this.count = 0;
    this.write(formatReplayHeaderLine({ ...header, journal }) + formatReplayActionLines(0, 1, actions));
    this.count = actions.length;
  }

  /** Actions dispatched at steps `first`, `first + 1`, … (from the past: a branch); flushed before this returns. */
  append(first: number, actions: FlowAction[]): void {
    if (this.fd === null || actions.length === 0) return;
    this.write(formatReplayActionLines(this.count, first, actions));
    this.count = first - 1 + actions.length;
  }

  /** A clean end: nothing to restore. */
  discard(): void {
    this.close();
    rmSync(this.file, { force: true });
  }

  private write(text: string): void {
    writeSync(this.fd!, text);
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

/** How to open the game a recorded session was played on, as it was played. */
export function openRequestOf(record: Omit<SessionRecord, 'actions'>, file: string): OpenRequest {
  return {
    game: file,
    exportName: record.game.export ?? record.game.name,
    bgio: record.game.bgio,
    numPlayers: record.numPlayers,
    seed: record.seed,
    setupData: record.setupData,
    gameRandomness: record.gameRandomness,
    ...locationOf(record.game),
  };
}

/**
 * Reads a journal (null when it is none: its first line is no journal's header). A torn last line
 * (a crash mid-write) is left out; a damaged line before the end stops the reading there, and
 * `damaged` says which line it was and how many actions follow it. A journal an older Flowscope
 * wrote, in the format of its own, is read too.
 */
export function readJournal(file: string): FoundJournal | null {
  const text = readRegularTextFile(file, 'session journal');
  if (isLegacyJournal(text)) {
    const legacy = readLegacyJournal(text);
    return legacy && { file, ...legacy };
  }
  const read = readReplayLines(text);
  if (!read) return null;
  const { pid, at } = (read.header.journal ?? {}) as { pid?: unknown; at?: unknown };
  if (!Number.isInteger(pid) || typeof at !== 'string') return null;
  let header: ReplayFile;
  try {
    header = parseReplay({ ...read.header, actions: [] });
  } catch (error) {
    if (error instanceof ReplayError) return null;
    throw error;
  }
  if (!header.game.file) return null;
  return {
    file,
    open: openRequestOf(header, header.game.file),
    actions: read.actions,
    at,
    pid: pid as number,
    torn: read.torn,
    ...(read.damaged ? { damaged: read.damaged } : {}),
  };
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
