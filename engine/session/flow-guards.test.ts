import { describe, expect, it } from 'vitest';
import { explainStep } from './explain';
import { loadRuntime, RUNTIMES } from '../runtime/registry';
import { Session } from './session';
import type { GameConfig } from '../types';

const modern = RUNTIMES.filter((r) => r.version === '0.49.13' || r.version === '0.50.2');
const hook = (era: string, body: (events: any) => void) =>
  era === 'context' ? ({ events }: any) => body(events) : (_G: unknown, ctx: any) => body(ctx.events);

describe('transitions boardgame.io throws away', () => {
  for (const release of modern) {
    it(`marks the endless endTurn of turn.onBegin at setup as undone, and says so (${release.version})`, async () => {
      const runtime = await loadRuntime(release);
      const config: GameConfig = { moves: { m: () => undefined }, turn: { onBegin: hook(runtime.era, (events) => events.endTurn()) } };
      const session = new Session({ runtime, config, numPlayers: 2, seed: 's' });
      const step = session.steps[0];
      expect(step.ctx.turn).toBe(1);
      const live = step.trace.transitions.filter((t) => !t.rolledBack);
      expect(live.map((t) => `${t.type} ${t.turn}`)).toEqual(['phase-begin 1', 'turn-begin 1']);
      expect(step.trace.transitions.filter((t) => t.rolledBack).length).toBeGreaterThan(100);
      // What is left agrees with ctx: the last live turn is the turn ctx is in.
      expect(live[live.length - 1].turn).toBe(step.ctx.turn);
      expect(explainStep(step, null)).toMatch(
        /boardgame\.io then undid the \d+ transitions that events called from hooks asked for \(more than numPlayers × 100 turn endings in one update: an endless loop of events\), so the game starts in .*turn 1\b/,
      );
    });
  }

  it('says the loop guard left the game in no phase, instead of an unexplained phase null', async () => {
    const runtime = await loadRuntime('0.50.2');
    const config: GameConfig = {
      setup: () => ({ go: false }),
      moves: { go: ({ G }: any) => void (G.go = true) },
      phases: { a: { start: true, endIf: ({ G }: any) => G.go, next: 'b' }, b: { endIf: () => true, next: 'a' } },
    };
    const session = new Session({ runtime, config, numPlayers: 2, seed: 's' });
    const before = session.steps[0].ctx;
    const step = session.dispatch({ type: 'move', name: 'go', args: [], playerID: '0' });
    expect(step.ctx.phase).toBeNull();
    const guard = step.trace.transitions.filter((t) => t.loopGuard);
    expect(guard).toHaveLength(1);
    expect(guard[0]).toMatchObject({ type: 'phase-begin', phase: null, automatic: true });
    expect(guard[0].cause).toMatch(
      /loop guard: after phase b ended, the next phase was one that had already ended in this step \(a → b → …/,
    );
    expect(explainStep(step, before)).toMatch(/^the game fell into no phase: boardgame\.io's loop guard/);
  });

  it('adds no loop guard where a phase without next simply leads to no phase', async () => {
    const runtime = await loadRuntime('0.50.2');
    const session = new Session({
      runtime,
      config: { moves: { m: () => undefined }, phases: { a: { start: true, endIf: () => true } } },
      numPlayers: 2,
      seed: 's',
    });
    expect(session.steps[0].ctx.phase).toBeNull();
    expect(session.steps[0].trace.transitions.some((t) => t.loopGuard)).toBe(false);
    expect(session.steps[0].trace.transitions.some((t) => t.rolledBack)).toBe(false);
  });

  it('an event boardgame.io logs an error for but that still takes effect is applied, with the error as a warning', async () => {
    const runtime = await loadRuntime('0.50.2');
    const config: GameConfig = {
      moves: {
        toC: ({ events }: any) => void events.setPhase('C'),
        bare: ({ events }: any) => void events.endTurn('1'),
        early: ({ events }: any) => void events.endStage(),
      },
      phases: { A: { start: true }, B: {} },
    };
    const toMissing = new Session({ runtime, config, numPlayers: 2, seed: 's' });
    const before = toMissing.steps[0].ctx;
    const step = toMissing.dispatch({ type: 'move', name: 'toC', args: [], playerID: '0' });
    expect(step.ctx.phase).toBeNull();
    expect(step.trace.entries[0].events[0]).toEqual({
      name: 'setPhase',
      args: ['C'],
      outcome: 'applied',
      warning: 'boardgame.io logged: invalid phase: C',
    });
    expect(step.trace.transitions.some((t) => t.loopGuard)).toBe(false);
    expect(step.trace.transitions.at(-1)).toMatchObject({
      type: 'phase-begin',
      phase: null,
      cause: expect.stringMatching(
        /^boardgame\.io has no phase C \(it logged `invalid phase: C`\), so after phase A ended the game is in no phase/,
      ),
    });
    expect(explainStep(step, before)).toMatch(/phase A ended because moves\.toC called setPhase\("C"\)/);

    const bare = new Session({ runtime, config, numPlayers: 2, seed: 's' });
    const turned = bare.dispatch({ type: 'move', name: 'bare', args: [], playerID: '0' });
    expect(turned.ctx.turn).toBe(2);
    expect(turned.trace.entries[0].events[0]).toMatchObject({
      name: 'endTurn',
      outcome: 'applied',
      warning: 'boardgame.io logged: invalid argument to endTurn: 1',
    });
  });

  it('keeps rejected an event that changed nothing', async () => {
    const runtime = await loadRuntime('0.50.2');
    const config: GameConfig = { moves: { early: ({ events }: any) => void events.endTurn() }, turn: { minMoves: 2 } };
    const session = new Session({ runtime, config, numPlayers: 2, seed: 's' });
    const step = session.dispatch({ type: 'move', name: 'early', args: [], playerID: '0' });
    expect(step.ctx.turn).toBe(1);
    expect(step.trace.entries[0].events[0]).toMatchObject({
      name: 'endTurn',
      outcome: 'rejected',
      reason: 'boardgame.io logged: cannot end turn before making 2 moves',
    });
  });
});
