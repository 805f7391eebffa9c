import type { StepRecord } from '../session/session';
import type { FlowCtx } from '../types';
import { describeCall } from './describe';
import type { Transition } from './types';

const slot = (s: string | null | undefined) => (s === undefined ? 'out of activePlayers' : s === null ? 'active with no stage' : `stage ${s}`);

function stageSentence(t: Transition): string {
  const who = `player ${t.player}`;
  const what = t.to === undefined ? `left ${slot(t.from)}` : t.from === undefined ? (t.to === null ? 'became active (no stage)' : `entered stage ${t.to}`) : `moved from ${slot(t.from)} to ${slot(t.to)}`;
  return `${who} ${what} because ${t.cause}`;
}

function flowSentence(t: Transition): string {
  switch (t.type) {
    case 'game-end':
      return `the game ended because ${t.cause}`;
    case 'phase-end':
      return `phase ${t.phase ?? '(none)'} ended because ${t.cause}`;
    case 'phase-begin':
      if (t.loopGuard) return `the game fell into no phase: ${t.cause}`;
      return `${t.phase === null ? 'the game left every phase' : `phase ${t.phase} began`} because ${t.cause}`;
    case 'turn-end':
      return `player ${t.player}'s turn ended because ${t.cause}`;
    case 'turn-begin':
      return `player ${t.player}'s turn began (${t.cause})`;
    default:
      return stageSentence(t);
  }
}

/**
 * One plain sentence saying why the flow moved in this step (or why it did not), e.g.
 * "player 2 entered stage respondToBang because moves.PlayBang called setActivePlayers(…)".
 * The most significant change wins: game over, then phase, then turn, then stages.
 */
export function explainStep(record: StepRecord, before: FlowCtx | null): string {
  const guard = record.trace.transitions.find((t) => t.loopGuard && !t.rolledBack);
  if (!record.action) {
    const undone = record.trace.transitions.filter((t) => t.rolledBack).length;
    const created = guard ? flowSentence(guard) : (record.trace.transitions.filter((t) => t.type === 'phase-begin' && !t.rolledBack).map(flowSentence)[0] ?? 'the game was created');
    return undone ? `${created}; boardgame.io then undid the ${undone} transitions that events called from hooks asked for (${undoneReason(record)}), so the game starts at turn ${record.ctx.turn}` : created;
  }
  if (!record.ok && record.error) {
    const effects = record.error.type === 'flow/refused' && before && (before.phase !== record.ctx.phase || before.turn !== record.ctx.turn);
    return `boardgame.io refused it: ${record.error.message.split('\n')[0]}${effects ? ' (but the flow still changed: see the transitions)' : ''}`;
  }
  const live = record.trace.transitions.filter((t) => !t.rolledBack);
  const pick = (type: Transition['type']) => live.find((t) => t.type === type);
  // Among stage changes, one an event caused says more than an automatic one, and entering more than leaving.
  const stages = live
    .filter((t) => t.type === 'stage')
    .sort((a, b) => Number(a.automatic) - Number(b.automatic) || Number(a.to === undefined) - Number(b.to === undefined));
  const main = pick('game-end') ?? guard ?? pick('phase-end') ?? pick('turn-end') ?? stages[0];
  if (main) {
    const others = live.filter((t) => t.type === 'stage' && t !== main).length;
    return flowSentence(main) + (others && main.type === 'stage' ? `, and ${others} other player${others === 1 ? '' : 's'} changed slot too` : '');
  }
  const events = record.trace.entries.flatMap((e) => e.events.map((ev) => ({ fn: e.fn, ev })));
  const dropped = events.find((x) => x.ev.outcome !== 'applied');
  if (dropped) return `the flow did not move: ${dropped.fn} called ${describeCall(dropped.ev.name, dropped.ev.args)} but it was ${dropped.ev.outcome} (${dropped.ev.reason})`;
  return 'the flow did not move';
}

function undoneReason(record: StepRecord): string {
  const log = record.trace.logs.find((l) => l.level === 'error' && /Maximum number of turn endings exceeded/.test(l.text));
  return log ? 'more than numPlayers × 100 turn endings in one update: an endless loop of events' : 'its events plugin refused them';
}
