import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { movesOfTest } from '../../explore/argument-files';
import { tempDirWith } from '../../testing/temp-dir';
import { runCli as run } from '../testing/run-cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const testGame = (name: string) => path.join(root, 'engine/explore/testing', `${name}.ts`);

const quick = ['--runs', '4', '--steps', '30', '--workers', '1'];

describe('flowscope explore: argument sources and events', () => {
  it('the card game: the throw, its argument source in the text and in --json; a dead end in --json with the events that leave it', async () => {
    const dir = tempDirWith({});
    const text = await run('explore', testGame('card-bug'), ...quick, '--out', dir);
    expect(text.code).toBe(1);
    expect(text.out).toContain('1. [threw] moves.play');
    expect(text.out).toContain('   arguments from: inferred');
    // The minimal replay reproduces the throw with a valid card id: `check` passes on it.
    const replay = path.join(dir, '01-threw-moves-play.json');
    expect((await run('check', testGame('card-bug'), replay)).code).toBe(0);
    const json = JSON.parse((await run('explore', testGame('dead-end-phase'), ...quick, '--json')).out);
    expect(json.findings.map((f: { kind: string; location: string }) => [f.kind, f.location])).toEqual([
      ['dead-end', "phase bidding, the current player's turn"],
    ]);
    expect(json.findings[0].leavingEvents).toContain('endPhase');
    expect(json.findings[0]).toHaveProperty('argSources');
    expect(json.endings['dead-end']).toBe(4);
    expect(json.notes).toEqual([]);
  });

  it('--events all sends every client event (no dead end); a bad --events is one clear usage error', async () => {
    expect((await run('explore', testGame('dead-end-phase'), ...quick, '--events', 'all')).code).toBe(0);
    const bad = await run('explore', testGame('dead-end-phase'), '--events', 'endTurn,fly');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--events must be ui, all, none or a comma-separated list of endTurn, .*; got endTurn,fly/);
  });

  it('--args: a module with a function per move; one that returns no list stops with one line naming the move', async () => {
    const dir = tempDirWith({
      'good.js':
        'export const claim = ({ G }) => G.board.flatMap((row, y) => row.map((cell, x) => (cell === null ? [x, y] : null))).filter(Boolean);\n',
      'bad.js': 'export const claim = () => 42;\n',
      'empty.js': 'export const notAFunction = 3;\n',
      'hang.js': 'export const claim = () => { for (;;) {} };\n',
    });
    const good = JSON.parse((await run('explore', testGame('grid-claim'), ...quick, '--json', '--args', path.join(dir, 'good.js'))).out);
    expect(good.findings).toEqual([]);
    expect(good.counts['move:moves.claim']).toBeGreaterThan(0);
    expect(good.endings.gameover).toBe(4);
    const bad = await run('explore', testGame('grid-claim'), ...quick, '--args', path.join(dir, 'bad.js'));
    expect(bad.code).toBe(2);
    expect(bad.err.split('\n').at(-1)).toBe(
      'flowscope: the --args generator for move `claim` returned number 42, not a list of argument lists',
    );
    const hang = await run('explore', testGame('grid-claim'), ...quick, '--timeout', '1', '--args', path.join(dir, 'hang.js'));
    expect(hang.code).toBe(2);
    expect(hang.err).toContain('inside the --args generator for claim');
    const empty = await run('explore', testGame('grid-claim'), ...quick, '--args', path.join(dir, 'empty.js'));
    expect(empty.code).toBe(2);
    expect(empty.err).toMatch(/--args .*empty\.js exports no function: export one per move/);
  });

  it('--from-replays: the literal arguments of client.moves calls in tests, and a missing path refused', async () => {
    expect(movesOfTest(`client.moves.claim(1, 2);\nclient.moves.play('c3'); client.moves.play(card.id);\nmoves.pick({ x: 1 })`)).toEqual([
      ['claim', [1, 2]],
      ['play', ['c3']],
      ['pick', [{ x: 1 }]],
    ]);
    const dir = tempDirWith({ 'flow.test.ts': 'client.moves.claim(2, 2);\n' });
    const found = await run('explore', testGame('grid-claim'), ...quick, '--from-replays', dir);
    expect(found.code).toBe(0);
    const missing = await run('explore', testGame('grid-claim'), ...quick, '--from-replays', path.join(dir, 'nope'));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--from-replays');
  });
});
