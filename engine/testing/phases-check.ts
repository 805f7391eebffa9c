import { Session } from '../session/session';
import type { FlowAction, GameConfig } from '../types';
import type { BgioRuntime } from '../runtime/bgio-runtime';
import { runBarePhasesEra, snapshot, type StateSnapshot } from './bare-reducer';
import type { PhasesEraInternals } from '../runtime/phases-era/release';

export interface Scenario {
  numPlayers: number;
  seed?: string;
  setupData?: unknown;
  /** A fresh config each call: releases mutate configs. */
  config: () => GameConfig;
  actions: FlowAction[];
}

export interface ScenarioRun {
  session: Session;
  bare: StateSnapshot[];
  /** Everything that differs from the bare reducer or from a second run: empty when truthful. */
  mismatches: string[];
}

const json = (v: unknown) => JSON.stringify(v);

/**
 * Runs a scenario as a Session on `runtime` and on the release's bare reducer, and lists every
 * difference: the state after each dispatch, the state every seek re-derives (with checkpoints
 * every `checkpointInterval` steps, so that seeks replay), and a second session with the same
 * seed (determinism).
 */
export function runScenario(runtime: BgioRuntime, internal: PhasesEraInternals, scenario: Scenario, checkpointInterval = 3): ScenarioRun {
  const seed = scenario.seed ?? 'flowscope';
  const options = { runtime, numPlayers: scenario.numPlayers, seed, setupData: scenario.setupData, checkpointInterval };
  const session = new Session({ ...options, config: scenario.config() });
  const live: StateSnapshot[] = [snapshot(session.currentState)];
  for (const action of scenario.actions) {
    session.dispatch(action);
    live.push(snapshot(session.currentState));
  }
  const bare = runBarePhasesEra(internal, scenario.config, scenario.numPlayers, seed, scenario.actions, scenario.setupData);
  const mismatches: string[] = [];
  for (let i = 0; i < bare.length; i++) {
    if (json(live[i]) !== json(bare[i])) mismatches.push(`step ${i}: the session's state differs from the bare reducer's`);
  }
  for (let i = bare.length - 1; i >= 0; i--) {
    if (json(snapshot(session.stateAt(i))) !== json(bare[i])) mismatches.push(`step ${i}: seeking re-derives a different state`);
  }
  const again = new Session({ ...options, config: scenario.config() });
  for (const action of scenario.actions) again.dispatch(action);
  for (let i = 0; i < session.length; i++) {
    const a = session.step(i);
    const b = again.step(i);
    if (json([a.ok, a.error, a.ctx, a.trace]) !== json([b.ok, b.error, b.ctx, b.trace]))
      mismatches.push(`step ${i}: a second run with the same seed differs`);
  }
  if (json(snapshot(again.currentState)) !== json(snapshot(session.currentState)))
    mismatches.push('a second run with the same seed ends in another state');
  return { session, bare, mismatches };
}

export const move = (name: string, playerID = '0', args: unknown[] = []): FlowAction => ({ type: 'move', name, args, playerID });
export const event = (name: any, args: unknown[] = [], playerID = '0'): FlowAction => ({ type: 'event', name, args, playerID });

/** Every event game code called during step `i`, with the function that called it. */
export function eventsOf(
  session: Session,
  i: number,
): Array<{ fn: string; name: string; args: unknown[]; outcome: string; reason?: string }> {
  return session.step(i).trace.entries.flatMap((e) => e.events.map((ev) => ({ fn: e.fn, ...ev })));
}
