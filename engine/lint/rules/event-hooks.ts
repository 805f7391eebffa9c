import semver from 'semver';
import { EVENT_NAMES, type EventName } from '../../types';
import { finding, type LintFinding } from '../codes';
import { eventCalls } from '../source';
import { distinctFunctions, type Rule } from './context';

/** The kinds of game function boardgame.io tells apart when game code calls an event. */
export type HookKind = 'turn.onBegin' | 'turn.onEnd' | 'phase.onBegin' | 'phase.onEnd' | 'game.onEnd' | 'trigger' | 'setup';

/**
 * What boardgame.io does, since 0.47.1, with an event called from each kind of hook: `R`, its
 * events plugin refuses the whole action (logged, and every effect of the action discarded); `D`,
 * the call is dropped. Events not listed are applied, and moves and `turn.onMove` may call any.
 * Observed on 0.49.13 and pinned to it by this rule's test; 0.50.2 is the same (its reference §3).
 */
export const REFUSED_SINCE_0_47: Record<HookKind, Partial<Record<EventName, 'R' | 'D'>>> = {
  'turn.onBegin': { setStage: 'R', endStage: 'R' },
  'turn.onEnd': { setStage: 'R', endStage: 'R', setActivePlayers: 'R', endTurn: 'R' },
  'phase.onBegin': { setStage: 'R', endStage: 'R', setActivePlayers: 'R', endTurn: 'D' },
  'phase.onEnd': { setStage: 'R', endStage: 'R', setActivePlayers: 'R', endTurn: 'R', setPhase: 'R', endPhase: 'R' },
  'game.onEnd': Object.fromEntries(EVENT_NAMES.map((e) => [e, 'D'])),
  trigger: Object.fromEntries(EVENT_NAMES.map((e) => [e, 'R'])),
  setup: Object.fromEntries(EVENT_NAMES.map((e) => [e, 'R'])),
};

const LABEL: Record<HookKind, string> = {
  'turn.onBegin': "a turn's `onBegin`",
  'turn.onEnd': "a turn's `onEnd`",
  'phase.onBegin': "a phase's `onBegin`",
  'phase.onEnd': "a phase's `onEnd`",
  'game.onEnd': "the game's `onEnd`",
  trigger: 'an `endIf`, a phase `next` or a turn-order function',
  setup: '`setup`',
};

/** The kind of hook at a config path, or null for moves and `turn.onMove` (which may call any event). */
export function hookAt(path: string, kind: string): HookKind | null {
  if (kind === 'setup') return 'setup';
  if (kind === 'trigger' || kind === 'order') return 'trigger';
  if (kind !== 'hook') return null;
  if (/^(phases\.[^.]+\.)?turn\.onBegin$/.test(path)) return 'turn.onBegin';
  if (/^(phases\.[^.]+\.)?turn\.onEnd$/.test(path)) return 'turn.onEnd';
  if (path === 'onEnd') return 'game.onEnd';
  if (/^phases\..+\.onBegin$/.test(path)) return 'phase.onBegin';
  if (/^phases\..+\.onEnd$/.test(path)) return 'phase.onEnd';
  return null;
}

function fix(hook: HookKind, event: EventName): string {
  const stageEvent = event === 'setStage' || event === 'endStage' || event === 'setActivePlayers';
  switch (hook) {
    case 'setup':
      return 'describe the start in the config instead (`start: true`, `turn.activePlayers`, `turn.order.first`)';
    case 'trigger':
      return 'these only decide; call the event from a move or a hook';
    case 'game.onEnd':
      return 'the game is over, so no event takes effect';
    case 'turn.onBegin':
      return 'put players in stages with `turn.activePlayers`, or with `setActivePlayers` here';
    case 'phase.onBegin':
      return stageEvent
        ? "set `turn.activePlayers` in this phase's turn, or call it from `turn.onBegin`"
        : "the phase's first turn has not begun yet: end it from `turn.onBegin`";
    default:
      return 'it is already ending: call it from a move, or from what begins next';
  }
}

/**
 * `event-refused` / `event-dropped`: an event a hook calls (as written in its source) that
 * boardgame.io 0.47.1 and later refuse or drop in that hook.
 */
export const eventsInHooks: Rule = (ctx) => {
  if (!semver.gte(semver.coerce(ctx.release) ?? '0.50.0', '0.47.1')) return [];
  const out: LintFinding[] = [];
  for (const f of distinctFunctions(ctx)) {
    const hook = hookAt(f.path, f.kind);
    if (!hook) continue;
    const seen = new Set<string>();
    for (const call of eventCalls(f.source, EVENT_NAMES)) {
      const event = call.event as EventName;
      const verdict = REFUSED_SINCE_0_47[hook][event];
      if (!verdict || seen.has(event)) continue;
      seen.add(event);
      const what =
        verdict === 'R'
          ? `refuses in ${LABEL[hook]}: it logs an error and discards the whole action, so nothing the move or event that ran \`${f.path}\` did takes effect`
          : `drops in ${LABEL[hook]}: the call never takes effect`;
      out.push(
        finding(
          verdict === 'R' ? 'event-refused' : 'event-dropped',
          f.path,
          `\`${f.path}\` calls \`${event}\`, which boardgame.io ${ctx.release} ${what}; ${fix(hook, event)}.`,
        ),
      );
    }
  }
  return out;
};
