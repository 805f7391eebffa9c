import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';
import { parseReplay } from '../../engine';
import { findUnfinishedJournals, journalLosses, readJournal, retireJournal, SessionJournal, type SessionRecord } from './session-journal';
import { stateDir } from './state-dir';

const move = (n: number) => ({ type: 'move' as const, name: 'clickCell', args: [n], playerID: String(n % 2) });
const header = {
  format: 'flowscope-replay' as const,
  version: 1 as const,
  game: { name: 'TicTacToe', file: '/games/game.ts', export: 'TicTacToe', bgio: '0.50.2' },
  numPlayers: 2,
  seed: 's',
  setupData: null,
};
const recordOf = (actions: SessionRecord['actions'], seed = 's'): SessionRecord => ({ ...header, seed, actions });
/** How a restore opens the game of `header`. */
const open = { game: '/games/game.ts', exportName: 'TicTacToe', bgio: '0.50.2', numPlayers: 2, seed: 's' };

describe('the session journal', () => {
  it('records the opening and every action, a branch replacing what followed', () => {
    const dir = tempDirWith({});
    const journal = new SessionJournal(dir);
    journal.start(recordOf([move(0)]));
    journal.append(2, [move(1), move(2)]);
    journal.append(3, [move(5)]);
    expect(readJournal(journal.file)).toMatchObject({ open, actions: [move(0), move(1), move(5)], torn: false, pid: process.pid });
    journal.start(recordOf([], 't'));
    expect(readJournal(journal.file)).toMatchObject({ open: { seed: 't' }, actions: [] });
  });

  it('is a replay: its header line, then one action per line, that the replay reader opens', () => {
    const journal = new SessionJournal(tempDirWith({}));
    journal.start(recordOf([move(0), move(1)]));
    journal.append(2, [move(3)]);
    const text = readFileSync(journal.file, 'utf8');
    expect(text.split('\n').slice(1)).toEqual([
      JSON.stringify(move(0)),
      JSON.stringify(move(1)),
      '{"truncate":1}',
      JSON.stringify(move(3)),
      '',
    ]);
    expect(parseReplay(text)).toEqual({ ...recordOf([move(0), move(3)]), gameRandomness: undefined });
    // Cut short by a crash mid-write: the actions before the last line still replay.
    expect(parseReplay(text + '{"type":"move","na').actions).toEqual([move(0), move(3)]);
    // A damaged line in the middle is named, with how many actions it hides.
    expect(() => parseReplay(text + 'garbage {\n' + JSON.stringify(move(4)) + '\n')).toThrow(
      /line 6 is damaged \(not JSON\): it and the 1 action after it cannot be read/,
    );
  });

  it('tolerates a torn last line, and a clean end leaves nothing behind', () => {
    const dir = tempDirWith({});
    const journal = new SessionJournal(dir);
    journal.start(recordOf([]));
    journal.append(1, [move(0), move(1)]);
    appendFileSync(journal.file, '{"type":"move","name":"cl');
    expect(readJournal(journal.file)).toMatchObject({ actions: [move(0), move(1)], torn: true });
    journal.discard();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('stops at a damaged line in the middle, and says which line and how many actions follow it', () => {
    const dir = tempDirWith({});
    const journal = new SessionJournal(dir);
    journal.start(recordOf([]));
    journal.append(1, [move(0), move(1)]);
    appendFileSync(journal.file, 'garbage {\n');
    appendFileSync(journal.file, [3, 4, 5].map((step) => JSON.stringify(move(step))).join('\n') + '\n');
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

  it('an action line the protocol would refuse is damage too', () => {
    const dir = tempDirWith({});
    const journal = new SessionJournal(dir);
    journal.start(recordOf([move(0)]));
    appendFileSync(journal.file, JSON.stringify({ type: 'move', name: '', playerID: '0' }) + '\n' + JSON.stringify(move(2)) + '\n');
    expect(readJournal(journal.file)).toMatchObject({ actions: [move(0)], damaged: { line: 3, actionsAfter: 1 } });
    expect(readJournal(journal.file)!.damaged!.reason).toMatch(/^not a valid action \(.*name/);
    const own = new SessionJournal(dir);
    own.start(recordOf([]));
    appendFileSync(own.file, JSON.stringify({ type: 'fly', playerID: '0' }) + '\n');
    expect(readJournal(own.file)).toMatchObject({ actions: [], damaged: { line: 2, actionsAfter: 0 } });
  });

  it('still reads a journal an older Flowscope wrote, damage and all', () => {
    const dir = tempDirWith({});
    const old = (lines: object[]) => lines.map((l) => JSON.stringify(l) + '\n').join('');
    const opening = { kind: 'open', open: { game: '/games/game.ts', numPlayers: 2, seed: 's' }, pid: 2147483646, at: 'then' };
    const file = path.join(dir, '1-2147483646-old.journal.jsonl');
    writeFileSync(
      file,
      old([
        { ...opening, actions: [move(0)] },
        { kind: 'action', step: 2, action: move(1) },
        { kind: 'action', step: 2, action: move(2) },
      ]),
    );
    expect(readJournal(file)).toMatchObject({ open: opening.open, actions: [move(0), move(2)], torn: false, pid: 2147483646 });
    writeFileSync(
      file,
      old([
        { ...opening, actions: [move(0), { type: 'move', name: '', playerID: '0' }, move(2)] },
        { kind: 'action', step: 4, action: move(4) },
      ]),
    );
    expect(readJournal(file)).toMatchObject({ actions: [move(0)], damaged: { line: 1, actionsAfter: 2 } });
    expect(readJournal(file)!.damaged!.reason).toMatch(/^its action 2 is not a valid action \(.*name/);
    expect(findUnfinishedJournals(dir).map((j) => j.file)).toEqual([file]);
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
    live.start(recordOf([]));
    const dead = path.join(dir, '1-999999-dead.journal.jsonl');
    const text = readFileSync(live.file, 'utf8').replace(`"pid":${process.pid}`, '"pid":2147483646');
    writeFileSync(dead, text + JSON.stringify(move(4)) + '\n');
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
