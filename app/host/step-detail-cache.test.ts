// The session host keeps each step's state-derived detail, and a new step's diff starts from the
// kept detail of the step before: whatever was kept must equal what is computed afresh.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { Session, StepDetail } from '../../engine';
import { tempDirWith } from '../testing/temp-dir';
import { SessionHost } from './session-host';

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');

async function openHost(game: string, seed: string): Promise<SessionHost> {
  const host = new SessionHost({ fixturesDir, emit: () => {} });
  await host.open({ game, numPlayers: game === 'bang' ? 4 : undefined, seed });
  return host;
}

/** Every step's detail of a host that reopens `host`'s exported replay and asks them last to first (no kept step before). */
async function freshDetails(host: SessionHost): Promise<string[]> {
  const fresh = new SessionHost({ fixturesDir, emit: () => {} });
  const { length } = await fresh.openReplay(await host.exportReplay());
  const out: string[] = [];
  for (let i = length - 1; i >= 0; i--) out[i] = JSON.stringify(await fresh.step(i));
  return out;
}

/** Plays `count` random steps, asking each one's detail as it arrives (as the UI does). */
async function playAsked(host: SessionHost, count: number, asked: Map<number, string>): Promise<void> {
  for (let i = 0; i < count; i++) {
    const [step] = await host.random(1);
    if (!step) return;
    asked.set(step.index, JSON.stringify(await host.step(step.index)));
  }
}

describe('kept step details', () => {
  it('equal details computed afresh, for new steps, after branching from the past and after a reload', async () => {
    const host = await openHost('bang', 'kept');
    const asked = new Map<number, string>([[0, JSON.stringify(await host.step(0))]]);
    await playAsked(host, 40, asked);
    // Branch at step 20: the steps after it are new records, their details new too.
    const branchAction = (await host.steps(21, 21))[0].action!;
    const branched = await host.dispatch(branchAction, 20);
    for (const i of [...asked.keys()]) if (i > 20) asked.delete(i);
    asked.set(branched.index, JSON.stringify(await host.step(branched.index)));
    await playAsked(host, 25, asked);

    const fresh = await freshDetails(host);
    expect(asked.size).toBeGreaterThan(40);
    for (const [i, json] of asked) expect(json, `step ${i}`).toBe(fresh[i]);

    // A reload replays every action on new records: asked in order, each diffed from the kept one before.
    expect(await host.reload()).toMatchObject({ ok: true, divergence: null });
    for (let i = 0; i < fresh.length; i++) expect(JSON.stringify(await host.step(i)), `step ${i} after reload`).toBe(fresh[i]);
  });

  it('are bounded: a step viewed long ago is derived again, and equals what it was', async () => {
    const host = await openHost('bang', 'bounded');
    let last = 0;
    // Games end: a reset starts the next one in the same session.
    while (last < 600) {
      const played = await host.random(600 - last);
      last = played.length ? played[played.length - 1].index : last;
      if (last < 600) last = (await host.dispatch({ type: 'reset' })).index;
    }
    const first = JSON.stringify(await host.step(1));
    // The session behind the host, to see whether a detail is derived again (it asks for the step's state).
    const session = (host as unknown as { current: { session: Session } }).current.session;
    const derived = vi.spyOn(session, 'viewAt');
    await host.step(1);
    expect(derived, 'a kept detail is served as it is').not.toHaveBeenCalled();
    // Viewing more steps than the host keeps pushes step 1's detail out.
    for (let i = 2; i <= last; i++) await host.step(i);
    derived.mockClear();
    expect(JSON.stringify(await host.step(1))).toBe(first);
    expect(derived, 'a detail pushed out is derived again').toHaveBeenCalledWith(1);
    expect(JSON.stringify(await host.step(last))).toBe((await freshDetails(host))[last]);
  });

  it('show diagnostics added to a step after its detail was kept', async () => {
    const host = await openHost('bang', 'notes');
    await host.random(5);
    const before = await host.step(5);
    await host.dispatchLive(null, null, ['the followed game skipped a log entry']);
    const after = await host.step(5);
    expect(after.diagnostics.map((d) => d.code)).toEqual([...before.diagnostics.map((d) => d.code), 'live-log-gap']);
    expect(after.problems.warnings).toBe(before.problems.warnings + 1);
    const { diagnostics: _a, problems: _b, ...restAfter } = after;
    const { diagnostics: _c, problems: _d, ...restBefore } = before;
    expect(JSON.stringify(restAfter)).toBe(JSON.stringify(restBefore));
  });

  it('of the last step are not what ai.enumerate was handed, so game code that writes to it changes neither that detail nor the next diff', async () => {
    const dir = tempDirWith({
      'game.js': [
        'export default {',
        "  name: 'meddler',",
        '  setup: () => ({ n: 0 }),',
        '  moves: { add: ({ G }) => { G.n += 1; } },',
        '  ai: {',
        '    enumerate: (G, ctx) => {',
        '      ctx.numMoves = 99;',
        '      ctx.meddled = true;',
        "      return [{ move: 'add', args: [] }];",
        '    },',
        '  },',
        '};',
      ].join('\n'),
    });
    const host = await openHost(path.join(dir, 'game.js'), 'meddler');
    const details: StepDetail[] = [await host.step(0)];
    for (let i = 1; i <= 3; i++) {
      await host.dispatch({ type: 'move', name: 'add', args: [], playerID: '0' });
      details.push(await host.step(i));
    }
    for (const d of details) {
      expect(d.fullCtx.numMoves).not.toBe(99);
      expect(d.fullCtx).not.toHaveProperty('meddled');
      expect(d.suggested).toEqual({ '0': [{ name: 'add', args: [] }], '1': [] });
    }
    const fresh = await freshDetails(host);
    details.forEach((d, i) => expect(JSON.stringify(d), `step ${i}`).toBe(fresh[i]));
  });

  it('suggest the moves ai.enumerate gives each player, when it gives nothing for another', async () => {
    const dir = tempDirWith({
      'game.js': [
        'export default {',
        "  name: 'picky',",
        '  setup: () => ({ n: 0 }),',
        "  turn: { activePlayers: { all: 'play' }, stages: { play: { moves: { add: ({ G }) => { G.n += 1; } } } } },",
        '  ai: {',
        "    enumerate: (G, ctx, playerID) => (playerID === '0' ? undefined : [{ move: 'add', args: [] }]),",
        '  },',
        '};',
      ].join('\n'),
    });
    const host = await openHost(path.join(dir, 'game.js'), 'picky');
    const detail = await host.step(0);
    expect(detail.available).toEqual({ '0': ['add'], '1': ['add'] });
    expect(detail.suggested).toEqual({ '1': [{ name: 'add', args: [] }] });
  });

  it('suggest nothing for a game without ai.enumerate, on the phases API and on the flow API', async () => {
    const dir = tempDirWith({
      'game.js': "export default { name: 'plain', setup: () => ({ n: 0 }), moves: { add: ({ G }) => { G.n += 1; } } };",
    });
    for (const game of [path.join(dir, 'game.js'), 'legacy-card-phases']) {
      const host = await openHost(game, 'plain');
      await host.random(3);
      for (const i of [0, 3]) {
        const detail = await host.step(i);
        expect(detail.suggested, `${game} step ${i}`).toBeNull();
        expect(Object.values(detail.available).flat().length, `${game} step ${i}`).toBeGreaterThan(0);
      }
    }
  });
});
