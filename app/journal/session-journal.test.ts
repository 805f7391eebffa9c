import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';
import { findUnfinishedJournals, journalLosses, readJournal, retireJournal, SessionJournal } from './session-journal';
import { stateDir } from './state-dir';

const move = (n: number) => ({ type: 'move' as const, name: 'clickCell', args: [n], playerID: String(n % 2) });
const open = { game: '/games/game.ts', numPlayers: 2, seed: 's' };

describe('the session journal', () => {
  it('records the opening and every action, a branch replacing what followed', () => {
    const dir = tempDirWith({});
    const journal = new SessionJournal(dir);
    journal.start({ open, actions: [move(0)] });
    journal.append(2, [move(1), move(2)]);
    journal.append(3, [move(5)]);
    expect(readJournal(journal.file)).toMatchObject({ open, actions: [move(0), move(1), move(5)], torn: false, pid: process.pid });
    journal.start({ open: { ...open, seed: 't' }, actions: [] });
    expect(readJournal(journal.file)).toMatchObject({ open: { seed: 't' }, actions: [] });
  });

  it('tolerates a torn last line, and a clean end leaves nothing behind', () => {
    const dir = tempDirWith({});
    const journal = new SessionJournal(dir);
    journal.start({ open, actions: [] });
    journal.append(1, [move(0), move(1)]);
    appendFileSync(journal.file, '{"kind":"action","step":3,"act');
    expect(readJournal(journal.file)).toMatchObject({ actions: [move(0), move(1)], torn: true });
    journal.discard();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('stops at a damaged line in the middle, and says which line and how many actions follow it', () => {
    const dir = tempDirWith({});
    const journal = new SessionJournal(dir);
    journal.start({ open, actions: [] });
    journal.append(1, [move(0), move(1)]);
    appendFileSync(journal.file, 'garbage {\n');
    appendFileSync(journal.file, [3, 4, 5].map((step) => JSON.stringify({ kind: 'action', step, action: move(step) })).join('\n') + '\n');
    const read = readJournal(journal.file)!;
    expect(read).toMatchObject({ actions: [move(0), move(1)], torn: false, damaged: { line: 4, reason: 'not JSON', actionsAfter: 3 } });
    const kept = retireJournal(read)!;
    expect(kept).toMatch(/\.damaged\.jsonl$/);
    expect(existsSync(journal.file)).toBe(false);
    expect(readFileSync(kept, 'utf8').trim().split('\n')).toHaveLength(7);
    expect(journalLosses(read, kept)).toBe(
      `line 4 of its journal is damaged (not JSON): it and the 3 actions after it were not restored; the whole journal is kept at ${kept}`,
    );
  });

  it('an action line the protocol would refuse is damage too, in the opening line as in its own', () => {
    const dir = tempDirWith({});
    const journal = new SessionJournal(dir);
    journal.start({ open, actions: [move(0), { type: 'move', name: '', playerID: '0' } as never, move(2)] });
    journal.append(4, [move(4)]);
    expect(readJournal(journal.file)).toMatchObject({ actions: [move(0)], damaged: { line: 1, actionsAfter: 2 } });
    expect(readJournal(journal.file)!.damaged!.reason).toMatch(/^its action 2 is not a valid action \(.*name/);
    const own = new SessionJournal(dir);
    own.start({ open, actions: [] });
    appendFileSync(own.file, JSON.stringify({ kind: 'action', step: 1, action: { type: 'fly', playerID: '0' } }) + '\n');
    expect(readJournal(own.file)).toMatchObject({ actions: [], damaged: { line: 2, actionsAfter: 0 } });
  });

  it('passes over a journal that is a FIFO, saying why, instead of waiting on it', () => {
    const dir = tempDirWith({});
    expect(spawnSync('mkfifo', [path.join(dir, '1-2147483646-x.journal.jsonl')]).status).toBe(0);
    const skipped: string[] = [];
    expect(findUnfinishedJournals(dir, (why) => skipped.push(why))).toEqual([]);
    expect(skipped).toEqual([expect.stringMatching(/it is a FIFO \(named pipe\), not a regular file; it was passed over$/)]);
  });

  it('finds journals whose process is gone, not those of live processes or foreign files', () => {
    const dir = tempDirWith({ 'notes.txt': 'x', 'broken.journal.jsonl': 'not json\n' });
    const live = new SessionJournal(dir);
    live.start({ open, actions: [] });
    const dead = path.join(dir, '1-999999-dead.journal.jsonl');
    const text = readFileSync(live.file, 'utf8').replace(`"pid":${process.pid}`, '"pid":2147483646');
    writeFileSync(dead, text + JSON.stringify({ kind: 'action', step: 1, action: move(4) }) + '\n');
    const found = findUnfinishedJournals(dir);
    expect(found.map((j) => j.file)).toEqual([dead]);
    expect(found[0].actions).toEqual([move(4)]);
    expect(findUnfinishedJournals(path.join(dir, 'missing'))).toEqual([]);
  });

  it('lives in a per-user state folder that an environment variable overrides', () => {
    expect(stateDir({ FLOWSCOPE_STATE_DIR: '/tmp/x' })).toBe('/tmp/x');
    expect(stateDir({ XDG_STATE_HOME: '/home/u/.state' })).toBe('/home/u/.state/flowscope');
  });
});
