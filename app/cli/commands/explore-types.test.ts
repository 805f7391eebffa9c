import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../../testing/temp-dir';
import { runCli as run } from '../testing/run-cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const typedGame = (name: string) => path.join(root, 'engine/explore/testing/typed-bid', `${name}.ts`);

const quick = ['--runs', '4', '--steps', '30', '--workers', '1'];

describe('flowscope explore: arguments from the game’s TypeScript types', () => {
  it('a clean typed game: the bid (an enum and a literal union from another module) and the stage’s checked range are played; a declared bid the game refuses by throwing is a note; nothing reported', async () => {
    const json = JSON.parse((await run('explore', typedGame('game'), ...quick, '--json')).out);
    expect(json.findings).toEqual([]);
    // A declared bid lower than the last is refused by throwing: a note, not a finding (the UI would not offer it then).
    for (const note of json.notes) {
      expect(note).toMatchObject({ move: 'bid', accepted: true });
      expect(note.message).toMatch(/^`bid` was refused by throwing \d+ times? \(not a finding/);
      expect(note.reasons).toEqual([expect.stringMatching(/^refused by throwing \(phases\.bidding\.moves\.bid threw Error: bid at least/)]);
    }
    expect(json.endings['no-valid-arguments']).toBe(0);
    expect(json.counts['move:phases.bidding.moves.bid']).toBeGreaterThan(0);
    expect(json.counts['move:phases.declaring.turn.stages.contract.moves.declare']).toBeGreaterThan(0);
  });

  it('the bug only a declared suit shows: a finding with arguments from types, whose replay `check` reproduces', async () => {
    const dir = tempDirWith({});
    const text = await run('explore', typedGame('game-with-bug'), ...quick, '--out', dir);
    expect(text.code).toBe(1);
    expect(text.out).toContain('1. [threw] moves.bid');
    expect(text.out).toContain("Cannot read properties of undefined (reading 'bonus')");
    expect(text.out).toContain('   arguments from: types');
    expect((await run('check', typedGame('game-with-bug'), path.join(dir, '01-threw-moves-bid.json'))).code).toBe(0);
  });

  it('`play --random` takes its arguments from the types too: the typed bids are accepted and the game reaches declaring', async () => {
    const replay = path.join(tempDirWith({}), 'played.json');
    expect((await run('play', typedGame('game'), '--seed', 'typed', '--random', '30', '--out', replay)).code).toBe(0);
    const played = JSON.parse(readFileSync(replay, 'utf8'));
    const bids = played.actions.filter((a: { type: string; name?: string }) => a.type === 'move' && a.name === 'bid');
    expect(bids.length).toBeGreaterThan(0);
    for (const b of bids) {
      expect([80, 90, 100]).toContain(b.args[0]);
      expect(['H', 'S', 'C', 'D']).toContain(b.args[1]);
    }
    expect(played.expect.some((e: { phase?: string }) => e.phase === 'declaring')).toBe(true);
  });

  it('--exhaustive takes its moves from the types too', async () => {
    const json = JSON.parse((await run('explore', typedGame('game-with-bug'), '--exhaustive', '--depth', '2', '--json')).out);
    expect(json.findings.map((f: { kind: string; location: string; argSource: string }) => [f.kind, f.location, f.argSource])).toEqual([
      ['threw', 'moves.bid', 'types'],
    ]);
  });
});
