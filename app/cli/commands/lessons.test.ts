import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../../testing/temp-dir';
import { runCli as run } from '../testing/run-cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const lesson = (steps: unknown[]) =>
  JSON.stringify({
    format: 'flowscope-lesson',
    version: 1,
    title: 'T',
    summary: 'S',
    games: { g: path.join(root, 'fixtures', 'card-phases', 'game.ts') },
    numPlayers: 2,
    steps,
  });

describe('flowscope lessons / lesson check', () => {
  it('lists the bundled lessons in teaching order', async () => {
    const { code, out } = await run('lessons');
    expect(code).toBe(0);
    const ids = [...out.matchAll(/^(\S+\/\S+) {2}/gm)].map((m) => m[1]);
    expect(ids.slice(0, 3)).toEqual(['card-phases/phases', 'stages-discard/stages', 'stages-discard/active-players']);
    expect(out).toMatch(/npx flowscope learn card-phases\/phases/);
  });

  it('checks one lesson by id', async () => {
    const { code, out } = await run('lesson', 'check', 'militia/move-limits');
    expect(code).toBe(0);
    expect(out).toMatch(/^ok {4}militia\/move-limits: 4 actions replayed, 1 exercise solved/);
  });

  it('a lesson whose path or exercise is wrong fails with the step and the reason', async () => {
    const dir = tempDirWith({
      'bad.lesson.json': lesson([
        { text: 'x', actions: [{ type: 'move', name: 'PlayCard', args: [], playerID: '0' }] },
        {
          text: 'y',
          highlight: [{ stage: 'nope' }],
          exercise: {
            task: 't',
            goal: { phase: 'play' },
            hint: 'h',
            solution: [{ type: 'move', name: 'DrawCard', args: [], playerID: '0' }],
          },
        },
      ]),
    });
    const { code, out } = await run('lesson', 'check', path.join(dir, 'bad.lesson.json'));
    expect(code).toBe(1);
    expect(out).toMatch(/step 1: action 1 \(move PlayCard by 0\) was refused: move PlayCard is not available/);
    expect(out).toMatch(/step 2: the reference solution does not solve the exercise: phase should be "play", it is "draw"/);
    expect(out).toMatch(/step 2: highlight \{"stage":"nope"\}: no stage "nope"/);
  });

  it('a malformed lesson file names the file and every bad field; an unknown id is a usage problem', async () => {
    const dir = tempDirWith({ 'm.lesson.json': '{"format":"flowscope-lesson","version":1}' });
    const bad = await run('lesson', 'check', path.join(dir, 'm.lesson.json'));
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/m\.lesson\.json: title:/);
    expect(bad.out).toMatch(/m\.lesson\.json: steps:/);
    const unknown = await run('lesson', 'check', 'nope/nothing');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/no lesson "nope\/nothing"/);
    const misuse = await run('lesson', 'run');
    expect(misuse.code).toBe(2);
    // One line and a pointer to --help, not the whole usage text.
    expect(misuse.err).toBe(
      'flowscope: expected `lesson check [lesson-file|id]`, got lesson run\nRun `flowscope --help` for the commands and their options.',
    );
  });
});
