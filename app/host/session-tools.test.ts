import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SessionHost } from './session-host';

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');
const explorable = path.resolve(fixturesDir, '../engine/explore/testing');

async function openHost(game: string, numPlayers = 2) {
  const host = new SessionHost({ fixturesDir, emit: () => {} });
  await host.open({ game, numPlayers, seed: 'tools' });
  return host;
}

describe('session tools in the host: log search, coverage, breakpoints, explore', () => {
  it('searches the log by player, action, outcome, diagnostic and text in arguments', async () => {
    const host = await openHost('card-phases');
    await host.random(60);
    const all = (await host.steps(0, 1000)).filter((s) => s.action);
    const byPlayer = await host.searchSteps({ player: '1' });
    expect(byPlayer.total).toBe(all.filter((s) => s.action && 'playerID' in s.action && s.action.playerID === '1').length);
    expect(byPlayer.steps.every((s) => s.action && 'playerID' in s.action && s.action.playerID === '1')).toBe(true);
    const refused = await host.searchSteps({ outcome: 'rejected' });
    expect(refused.total).toBe(all.filter((s) => !s.ok).length);
    const draws = await host.searchSteps({ action: 'DrawCard', outcome: 'accepted' });
    expect(draws.steps.every((s) => s.ok && s.action?.type === 'move' && s.action.name === 'DrawCard')).toBe(true);
    expect(draws.total).toBeGreaterThan(0);
    const limited = await host.searchSteps({}, 5);
    expect(limited.steps).toHaveLength(5);
    expect(limited.total).toBe(all.length + 1);
    const needle = await host.dispatch({ type: 'move', name: 'DrawCard', args: [{ marker: 'needle-42' }], playerID: '0' });
    const found = await host.searchSteps({ text: 'NEEDLE-42' });
    expect(found.steps.map((s) => s.index)).toEqual([needle.index]);
  });

  it('coverage of the session uses the chart ids and lists what was never reached', async () => {
    const host = await openHost(path.join(explorable, 'unreachable-stage.ts'), 3);
    await host.dispatch({ type: 'move', name: 'challenge', args: [], playerID: '0' });
    const coverage = await host.coverage();
    expect(coverage.counts['stage:__nophase__/respond']).toBe(2);
    expect(coverage.counts['move:moves.challenge']).toBe(1);
    expect(coverage.neverReached.map((i) => i.id)).toContain('stage:__nophase__/orphan');
  });

  it('breakpoints: structural ones and a predicate over G and ctx, run in the host; random play stops at a hit', async () => {
    const host = await openHost('card-phases');
    await host.random(80);
    const phase = await host.findBreak(0, [{ kind: 'phase', phase: 'play' }]);
    const summaries = await host.steps(0, 100);
    const firstPlay = summaries.findIndex((s) => s.ctx.phase === 'play');
    expect(phase).toEqual({ step: firstPlay, reason: 'phase play entered' });
    const predicate = await host.findBreak(0, [{ kind: 'predicate', source: 'G.deck === 0 && ctx.turn > 1' }]);
    const detail = await host.step(predicate!.step);
    expect(detail.G).toMatchObject({ deck: 0 });
    expect(detail.ctx.turn).toBeGreaterThan(1);
    const before = await host.step(predicate!.step - 1);
    expect((before.G as { deck: number }).deck !== 0 || before.ctx.turn <= 1).toBe(true);
    await expect(host.findBreak(0, [{ kind: 'predicate', source: 'G.deck ===' }])).rejects.toThrow(/not a JavaScript expression/);
    // From the last step nothing is checked, but a condition is still compiled (the UI asks so before adding one).
    const last = summaries.length - 1;
    expect(await host.findBreak(last, [{ kind: 'predicate', source: 'G.deck === 0' }])).toBeNull();
    await expect(host.findBreak(last, [{ kind: 'predicate', source: 'G.deck ===' }])).rejects.toThrow(/not a JavaScript expression/);

    const fresh = await openHost('card-phases');
    const played = await fresh.random(200, [{ kind: 'phase', phase: 'play' }]);
    expect(played.at(-1)!.ctx.phase).toBe('play');
    expect(played.slice(0, -1).every((s) => s.ctx.phase !== 'play')).toBe(true);
  });

  it('explore from the app: findings with minimal replays that open as sessions', async () => {
    const host = await openHost(path.join(explorable, 'rare-throw.ts'));
    const result = await host.explore({ runs: 10, steps: 40, seed: 'app' });
    const threw = result.findings.find((f) => f.kind === 'threw')!;
    expect(threw.replayLength).toBe(2);
    const view = await host.openReplay(threw.replay!);
    expect(view.length).toBe(3);
    const last = await host.step(2);
    expect(last.ok).toBe(false);
    expect(last.diagnostics.map((d) => d.code)).toContain('threw');
    expect(result.coverage.counts['move:moves.pick']).toBeGreaterThan(0);
  });

  it("explore and the bot in the app take moves' arguments from the game's TypeScript types, as the command does", async () => {
    const host = await openHost(path.join(explorable, 'typed-bid/game-with-bug.ts'));
    const result = await host.explore({ runs: 4, steps: 30, seed: 'app' });
    const bid = result.findings.find((f) => f.kind === 'threw' && f.location === 'moves.bid')!;
    expect(bid.argSources).toEqual(['types']);
    // The bot's bids are the declared ones, so they are accepted.
    const typed = await openHost(path.join(explorable, 'typed-bid/game.ts'));
    const steps = await typed.random(12);
    const bids = steps.filter((s) => s.action?.type === 'move' && s.action.name === 'bid');
    expect(bids.some((s) => s.ok)).toBe(true);
    for (const s of bids) expect([80, 90, 100]).toContain(s.action?.type === 'move' && s.action.args[0]);
  });
});
