import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';
import { findUnfinishedJournals, readJournal, SessionJournal } from './session-journal';
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
