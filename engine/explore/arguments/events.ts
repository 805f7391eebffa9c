/* eslint-disable @typescript-eslint/no-explicit-any -- a game config is the user's data, of any shape boardgame.io accepts. */
import semver from 'semver';
import { phaseNames, stageNames, turnConfigOf } from '../../config/config-queries';
import { normaliseConfig } from '../../config/normalise';
import type { Session } from '../../session/session';
import { isEventName, type FlowAction, type FlowCtx, type GameConfig, type PlayerID } from '../../types';
import type { EventSetting } from './sources';

/** Every player active for one move, in the release's terms: `moveLimit` until 0.48 read `minMoves`/`maxMoves`. */
export function oneMoveEach(version: string): Record<string, unknown> {
  const before048 = semver.lt(semver.coerce(version) ?? '0.50.0', '0.48.0');
  return before048 ? { all: null, moveLimit: 1 } : { all: null, minMoves: 1, maxMoves: 1 };
}

const sourcesByConfig = new WeakMap<object, string[]>();

/** The source of every move of the config (to see which ones call an event themselves). */
function moveSources(config: GameConfig): string[] {
  let sources = sourcesByConfig.get(config);
  if (!sources) {
    try {
      sources = normaliseConfig(config)
        .functions.filter((f) => f.kind === 'move' || f.kind === 'hook' || f.kind === 'trigger')
        .map((f) => `${f.path}\n${Function.prototype.toString.call(f.fn)}`);
    } catch {
      sources = [];
    }
    sourcesByConfig.set(config, sources);
  }
  return sources;
}

/** Whether some move (or hook) under `prefix` (or a global one) calls one of `events`. */
function codeCalls(config: GameConfig, prefixes: string[], events: string[]): boolean {
  return moveSources(config).some((s) => prefixes.some((p) => s.startsWith(p)) && events.some((e) => new RegExp(`\\b${e}\\s*\\(`).test(s)));
}

/**
 * The client events a UI of this game plausibly offers `player` in `ctx`: an event the config
 * turns on by name (`events: { endPhase: true }`); `endTurn` where nothing in the game ends the
 * turn by itself (no `maxMoves`, no turn `endIf`, no move or hook calling `endTurn`); `endStage`
 * in a stage none of whose moves ends it.
 */
export function uiEvents(config: GameConfig, ctx: FlowCtx, player: PlayerID): Set<string> {
  const offered = new Set<string>();
  const flags = (config.events ?? (config as any).flow ?? {}) as Record<string, unknown>;
  for (const [name, on] of Object.entries(flags)) if (on === true) offered.add(name);
  const turn = turnConfigOf(config, ctx.phase);
  const phasePrefix = ctx.phase ? [`phases.${ctx.phase}.`] : [];
  const turnEnds =
    typeof turn.maxMoves === 'number' ||
    typeof turn.moveLimit === 'number' ||
    typeof turn.endIf === 'function' ||
    codeCalls(config, ['moves.', 'turn.', ...phasePrefix], ['endTurn', 'endPhase', 'endGame']);
  if (!turnEnds) offered.add('endTurn');
  const stage = ctx.activePlayers?.[player];
  if (typeof stage === 'string') {
    const stagePaths = [`turn.stages.${stage}.`, ...(ctx.phase ? [`phases.${ctx.phase}.turn.stages.${stage}.`] : [])];
    const stageEnds = codeCalls(config, stagePaths, ['endStage', 'setStage', 'endTurn', 'setActivePlayers', 'endPhase']);
    if (!stageEnds) offered.add('endStage');
  }
  return offered;
}

/** Whether `name` is sent under `setting` (`ui` asks `uiEvents`). */
export function eventAllowed(setting: EventSetting, name: string, ui: () => Set<string>): boolean {
  if (setting === 'all') return true;
  if (setting === 'none') return false;
  if (setting === 'ui') return ui().has(name);
  return setting.includes(name);
}

/**
 * The client events `player` may send in the session's current state under `setting`, with
 * their arguments: every declared stage for `setStage`, every phase for `setPhase`, one move each
 * for `setActivePlayers`. Only events the game's client could send (its `events` flags).
 */
export function eventActions(session: Session, player: PlayerID, setting: EventSetting, state = session.currentState): FlowAction[] {
  const ctx = session.game.readCtx(state);
  let ui: Set<string> | null = null;
  const uiOnce = () => (ui ??= uiEvents(session.config, ctx, player));
  const out: FlowAction[] = [];
  const stage = ctx.activePlayers?.[player];
  for (const name of session.game.enabledEvents) {
    if (!isEventName(name) || !eventAllowed(setting, name, uiOnce)) continue;
    if (name === 'endStage' && (stage === undefined || stage === null)) continue;
    if (name === 'endPhase' && ctx.phase === null) continue;
    let lists: unknown[][] = [[]];
    if (name === 'setStage') lists = stageNames(session.config, ctx.phase).map((s) => [s]);
    if (name === 'setPhase') lists = phaseNames(session.config).map((p) => [p]);
    if (name === 'setActivePlayers') lists = [[oneMoveEach(session.runtime.version)]];
    for (const args of lists) out.push({ type: 'event', name, args, playerID: player });
  }
  return out;
}
