// The host's real answers against the protocol's result schemas, and defect 11: whatever the
// protocol lets through to a session, the replay it exports is one the replay parser accepts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  callHost,
  EVENT_NAMES,
  HOST_METHOD_SCHEMAS,
  hostEventSchema,
  parseReplay,
  validateHostRequest,
  type HostEvent,
  type HostMethod,
  type HostResult,
} from '../../engine';
import { SessionHost } from './session-host';

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');

function hostWithChecks() {
  const events: HostEvent[] = [];
  const host = new SessionHost({ fixturesDir, emit: (event) => events.push(event) });
  /** Sends a request the way the engine worker does, and checks the answer against its result schema. */
  async function ask<M extends HostMethod>(method: M, ...params: unknown[]): Promise<HostResult<M>> {
    const result = await callHost(host, validateHostRequest(method, params));
    const check = HOST_METHOD_SCHEMAS[method].result.safeParse(result);
    expect(check.success, `${method} answered outside its schema: ${check.error?.message}`).toBe(true);
    return result as HostResult<M>;
  }
  return { host, events, ask };
}

describe("the session host's answers", () => {
  it('match the result schemas over a played session with every kind of action, and the exported replay parses and replays', async () => {
    const { events, ask } = hostWithChecks();
    expect((await ask('listGames')).map((g) => g.id)).toContain('tic-tac-toe');
    expect(await ask('view')).toBeNull();
    await ask('open', { game: 'tic-tac-toe', seed: 'schemas' });
    const played = [
      await ask('dispatch', { type: 'move', name: 'clickCell', args: [4], playerID: '0' }),
      await ask('dispatch', { type: 'move', name: 'clickCell', args: [4], playerID: '1' }), // refused: the cell is taken
      await ask('dispatch', { type: 'event', name: 'endTurn', args: [], playerID: '1' }),
      await ask('dispatch', { type: 'undo', playerID: '0' }),
      await ask('dispatch', { type: 'redo', playerID: '0' }),
      await ask('dispatch', { type: 'move', name: 'noSuchMove', playerID: '0' }), // args left out
      await ask('dispatch', { type: 'reset' }),
    ];
    expect(played.map((s) => s.action?.type)).toEqual(['move', 'move', 'event', 'undo', 'redo', 'move', 'reset']);
    expect(played[1].ok).toBe(false);
    const random = await ask('random', 6, [{ kind: 'predicate', source: 'ctx.turn > 100' }]);
    const last = random.length ? random[random.length - 1].index : played[played.length - 1].index;
    const summaries = await ask('steps', 0, last);
    for (let i = 0; i <= last; i++) await ask('step', i);
    expect((await ask('searchSteps', { outcome: 'rejected' }, 10)).total).toBeGreaterThan(0);
    expect((await ask('coverage')).counts['move:moves.clickCell']).toBeGreaterThan(0);
    expect(await ask('findBreak', 0, [{ kind: 'turn' }])).toMatchObject({ reason: 'a turn begins' });
    expect((await ask('explore', { runs: 2, steps: 10, seed: 'schemas' })).runs).toBe(2);

    const replay = parseReplay(await ask('exportReplay'));
    expect(replay.actions).toEqual(summaries.slice(1).map((s) => s.action));
    const reopened = await ask('openReplay', await ask('exportReplay'), null);
    expect(reopened.length).toBe(last + 1);
    expect((await ask('steps', 0, last)).map((s) => s.ctx)).toEqual(summaries.map((s) => s.ctx));
    expect(await ask('reload')).toMatchObject({ ok: true, replayed: last, divergence: null });
    await ask('restart', { numPlayers: 2, seed: 'again' });
    const lessons = await ask('listLessons');
    expect(lessons.map((l) => l.id)).toContain('card-phases/phases');
    for (const l of lessons) expect((await ask('lesson', l.id)).plan).toHaveLength(l.steps);
    await expect(ask('lesson', 'no/such')).rejects.toThrow(/no lesson "no\/such"/);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(hostEventSchema.safeParse(event).success, JSON.stringify(event).slice(0, 200)).toBe(true);
  });

  it('exports, after any requests the protocol accepts, a replay its own parser accepts (defect 11: dispatch(null) and other malformed actions never become steps)', async () => {
    const { host, ask } = hostWithChecks();
    await ask('open', { game: 'tic-tac-toe', seed: 'fuzz' });
    const json = fc.jsonValue({ maxDepth: 2 });
    const anyAction = fc.oneof(
      fc.record(
        {
          type: fc.constant('move'),
          name: fc.oneof(fc.constant('clickCell'), fc.string()),
          args: fc.oneof(fc.array(fc.nat({ max: 9 }), { maxLength: 1 }), json),
          playerID: fc.oneof(fc.constantFrom('0', '1'), json),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          type: fc.constant('event'),
          name: fc.oneof(fc.constantFrom(...EVENT_NAMES), fc.string()),
          args: fc.oneof(fc.array(json, { maxLength: 2 }), json),
          playerID: fc.constantFrom('0', '1'),
        },
        { requiredKeys: ['type'] },
      ),
      fc.record(
        { type: fc.constantFrom('undo', 'redo', 'reset', 'jump'), playerID: fc.oneof(fc.constantFrom('0', '1'), json) },
        { requiredKeys: ['type'] },
      ),
      json,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(anyAction, fc.option(fc.nat({ max: 12 }), { nil: undefined })), { maxLength: 10 }),
        async (requests) => {
          await ask('restart', { numPlayers: 2, seed: 'fuzz' });
          let accepted = 0;
          for (const [action, at] of requests) {
            let request;
            try {
              request = validateHostRequest('dispatch', at === undefined ? [action] : [action, at]);
            } catch {
              continue; // refused at the boundary: it never reaches the session
            }
            await callHost(host, request);
            accepted++;
          }
          const replay = parseReplay(await host.exportReplay());
          expect(replay.actions.length).toBeLessThanOrEqual(accepted);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('step details', () => {
  it('are the same whatever order the steps are asked in, and a detail handed out never changes', async () => {
    const open = async () => {
      const host = new SessionHost({ fixturesDir, emit: () => {} });
      await host.open({ game: 'bang', numPlayers: 4, seed: 'details' });
      await host.random(60);
      return host;
    };
    const forward = await open();
    const shuffled = await open();
    const length = (await forward.view())!.length;
    const inOrder: string[] = [];
    for (let i = 0; i < length; i++) inOrder.push(JSON.stringify(await forward.step(i)));
    const order = Array.from({ length }, (_, i) => (i * 37) % length);
    for (const i of order) expect(JSON.stringify(await shuffled.step(i)), `step ${i}`).toBe(inOrder[i]);
    // Asked again (answered from what was kept), and after more steps were played.
    const last = await forward.step(length - 1);
    const kept = JSON.stringify(last);
    expect(kept).toBe(inOrder[length - 1]);
    await forward.random(5);
    expect(JSON.stringify(last)).toBe(kept);
    for (let i = 0; i < length; i++) expect(JSON.stringify(await forward.step(i)), `step ${i} again`).toBe(inOrder[i]);
  });
});
