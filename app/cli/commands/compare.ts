import { bgio050, DEFAULT_RUNTIME, Session, type FlowCtx, type StepRecord } from '../../../engine';
import { detectLegacy, differencesFor, migrateConfig } from '../../../engine/legacy';
import { deepEqual } from '../../../engine/util/plain';
import { describeAction } from '../table';
import { readReplayFile } from './replay';
import { dispatchAction, openGame, sandboxOf } from '../open-session';

/** What two releases must agree on, step by step: the flow as a player sees it, and G. */
function flowOf(ctx: FlowCtx) {
  return {
    // Up to 0.32 "no phase" was the implicit `default` phase.
    phase: ctx.phase === 'default' ? null : ctx.phase,
    currentPlayer: ctx.currentPlayer,
    activePlayers: ctx.activePlayers,
    gameover: ctx.gameover !== undefined,
  };
}

const show = (v: unknown) => JSON.stringify(v);

/** Which semantic differences can explain a divergence in each part of the step. */
const EXPLAINS: Record<string, readonly string[]> = {
  accepted: ['move-returns-nothing', 'context-object', 'phase-onbegin-events', 'default-events', 'moves-per-turn', 'action-players', 'turn-order-any', 'onmove-argument'],
  phase: ['phase-end-goes-back', 'phases-array-round-robin', 'endif-before-onbegin', 'endPhase-argument', 'gameover-phase', 'phase-end-game', 'stale-events'],
  currentPlayer: ['endTurn-argument', 'endTurnIf-player', 'phase-change-keeps-turn', 'endturnif-after-phase-change', 'turn-order-any', 'moves-per-turn', 'stale-events'],
  activePlayers: ['action-players', 'turn-order-any', 'phase-onbegin-events', 'context-object', 'onmove-argument'],
  gameover: ['phase-end-game', 'gameover-phase', 'context-object'],
  G: ['move-returns-nothing', 'context-object', 'endif-before-onbegin', 'stale-events', 'onmove-argument'],
};

/**
 * `flowscope compare`: the replay's actions on the game's own release and on its migration to
 * 0.50.2; exit 0 when every step agrees, 1 at the first step that differs, with the semantic
 * difference between the releases that explains it.
 */
export async function compareCommand(gameFile: string, replayFile: string, options: { game?: string; bgio?: string }, print: (line: string) => void, warn: (line: string) => void): Promise<number> {
  const replay = readReplayFile(replayFile);
  const opened = await openGame(gameFile, options.game ?? replay.game.export ?? replay.game.name, options.bgio ?? replay.game.bgio, options.bgio ? '--bgio' : 'the replay was recorded on', { gameRandomness: replay.gameRandomness });
  const release = opened.runtime.version;
  if (release === DEFAULT_RUNTIME.version) warn(`${opened.game.name} already runs on ${release}: comparing it with itself`);
  const migrated = migrateConfig(opened.game.config, { release });
  const decisions = migrated.notes.filter((n) => n.severity === 'decision');
  const own = new Session({ runtime: opened.runtime, config: opened.game.config, numPlayers: replay.numPlayers, seed: replay.seed, setupData: replay.setupData, ...sandboxOf(opened) });
  const modern = new Session({ runtime: bgio050, config: migrated.config, numPlayers: replay.numPlayers, seed: replay.seed, setupData: replay.setupData, ...sandboxOf(opened) });
  const stepsOwn: StepRecord[] = [own.steps[0]];
  const stepsModern: StepRecord[] = [modern.steps[0]];
  for (const action of replay.actions) {
    stepsOwn.push(dispatchAction(own, action));
    stepsModern.push(modern.dispatch(action));
  }
  const Gs = (s: Session) => {
    const out: unknown[] = [];
    s.walk((_, state) => out.push(state.G));
    return out;
  };
  const gOwn = Gs(own);
  const gModern = Gs(modern);
  print(`${opened.game.name}: ${replay.actions.length} actions on boardgame.io ${release} (${opened.releaseReason}) and on its migration to ${bgio050.version}`);
  for (let i = 0; i < stepsOwn.length; i++) {
    const a = stepsOwn[i];
    const b = stepsModern[i];
    const differences: string[] = [];
    const parts: string[] = [];
    if (a.ok !== b.ok) parts.push('accepted');
    if (a.ok !== b.ok) differences.push(`accepted: ${a.ok} on ${release}, ${b.ok} on ${bgio050.version}${(a.error ?? b.error) ? ` (${(a.error ?? b.error)!.message.split('\n')[0]})` : ''}`);
    const fa = flowOf(a.ctx);
    const fb = flowOf(b.ctx);
    for (const key of Object.keys(fa) as (keyof typeof fa)[]) {
      if (deepEqual(fa[key], fb[key])) continue;
      parts.push(key);
      differences.push(`${key}: ${show(fa[key])} on ${release}, ${show(fb[key])} on ${bgio050.version}`);
    }
    if (!deepEqual(gOwn[i], gModern[i])) {
      parts.push('G');
      differences.push('G differs');
    }
    if (!differences.length) continue;
    print(`first difference at step ${i}: ${describeAction(a.action)}`);
    for (const d of differences) print(`  ${d}`);
    const features = detectLegacy(opened.game.config, { release }).map((f) => f.feature);
    const relevant = new Set(parts.flatMap((p) => EXPLAINS[p] ?? []));
    const met = differencesFor(features);
    const likely = met.filter((d) => relevant.has(d.id));
    const context = { from: release, to: bgio050.version, step: i, phase: a.ctx.phase ?? b.ctx.phase, player: a.ctx.currentPlayer };
    if (likely.length) {
      print(`the likely explanation${likely.length === 1 ? '' : 's'}:`);
      for (const d of likely) print(`  - ${d.explain(context)} (changed in ${d.since})`);
    }
    const others = met.filter((d) => !relevant.has(d.id));
    if (others.length) print(`this game also meets ${others.length} other difference${others.length === 1 ? '' : 's'} between the releases: ${others.map((d) => d.id).join(', ')} (docs/migration.md)`);
    if (decisions.length) print(`the migration left ${decisions.length} decision${decisions.length === 1 ? '' : 's'} to a human: see \`flowscope migrate ${gameFile}\``);
    return 1;
  }
  print(`every step agrees (${stepsOwn.length - 1} steps)`);
  return 0;
}
