import type { StepRecord } from './session';
import type { FlowCtx, PlayerID } from '../types';
import { describeCall } from '../trace/describe';
import type { Transition } from '../trace/types';

const slot = (s: string | null | undefined) =>
  s === undefined ? 'out of activePlayers' : s === null ? 'active with no stage' : `stage ${s}`;

function stageSentence(t: Transition): string {
  const who = `player ${t.player}`;
  const what =
    t.to === undefined
      ? `left ${slot(t.from)}`
      : t.from === undefined
        ? t.to === null
          ? 'became active (no stage)'
          : `entered stage ${t.to}`
        : `moved from ${slot(t.from)} to ${slot(t.to)}`;
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

/** "phase main, turn 3, player 1's turn": where the flow stands. */
export function describeWhere(ctx: FlowCtx): string {
  const phase = ctx.phase === null ? 'no phase' : `phase ${ctx.phase}`;
  return `${phase}, turn ${ctx.turn}, player ${ctx.currentPlayer}'s turn${ctx.gameover !== undefined ? ', game over' : ''}`;
}

const slotOf = (ctx: FlowCtx, player: PlayerID): string | null | undefined => (ctx.activePlayers ? ctx.activePlayers[player] : undefined);

/** True when phase, turn, current player, active players and game over are all the same. */
export function sameFlow(a: FlowCtx, b: FlowCtx): boolean {
  const players = new Set([...Object.keys(a.activePlayers ?? {}), ...Object.keys(b.activePlayers ?? {})]);
  return (
    a.phase === b.phase &&
    a.turn === b.turn &&
    a.currentPlayer === b.currentPlayer &&
    (a.gameover === undefined) === (b.gameover === undefined) &&
    (a.activePlayers === null) === (b.activePlayers === null) &&
    [...players].every((p) => slotOf(a, p) === slotOf(b, p))
  );
}

/** boardgame.io gave up on an endless chain of `endTurn`s (its `MaxTurnEndings` guard). */
function abortedTurnChain(record: StepRecord): boolean {
  const text = 'Maximum number of turn endings exceeded';
  return record.trace.logs.some((l) => l.source === 'boardgame.io' && l.text.includes(text)) || !!record.error?.message.includes(text);
}

function creationSentence(record: StepRecord): string {
  const { ctx } = record;
  if (abortedTurnChain(record)) return `${abortedChainHead(record)}, so the game starts in ${describeWhere(ctx)}`;
  const begin = record.trace.transitions.filter((t) => t.type === 'phase-begin' && !t.rolledBack && t.phase === ctx.phase).pop();
  // A game that starts in no phase (it has none, or none starts) left nothing: it begins there.
  return begin && begin.phase !== null ? flowSentence(begin) : `the game began in ${describeWhere(ctx)}`;
}

function abortedChainHead(record: StepRecord): string {
  const ended = record.trace.transitions.filter((t) => t.type === 'turn-end').length;
  return `the game was created, but boardgame.io stopped an endless chain of turn endings (${ended} turns ended before it gave up: "Maximum number of turn endings exceeded")`;
}

/** What changed between two ctx, as plain words ("phase a → b, turn 4 → 1"), for steps no transition explains. */
function ctxChanges(before: FlowCtx, after: FlowCtx): string {
  const parts: string[] = [];
  if (before.gameover !== undefined && after.gameover === undefined) parts.push('the game is no longer over');
  if (before.phase !== after.phase) parts.push(`phase ${before.phase ?? '(none)'} → ${after.phase ?? '(none)'}`);
  if (before.turn !== after.turn) parts.push(`turn ${before.turn} → ${after.turn}`);
  if (before.currentPlayer !== after.currentPlayer) parts.push(`current player ${before.currentPlayer} → ${after.currentPlayer}`);
  const players = new Set([...Object.keys(before.activePlayers ?? {}), ...Object.keys(after.activePlayers ?? {})]);
  for (const p of players)
    if (slotOf(before, p) !== slotOf(after, p)) parts.push(`player ${p} ${slot(slotOf(before, p))} → ${slot(slotOf(after, p))}`);
  return parts.join(', ') || 'nothing in the flow changed';
}

/** The stage change that best explains how `player`'s slot went from `from` to `to` (the last one recorded). */
function netStageSentence(player: PlayerID, from: string | null | undefined, to: string | null | undefined, live: Transition[]): string {
  const last = live.filter((t) => t.type === 'stage' && t.player === player).pop();
  const cause = last ? ` because ${last.cause}` : '';
  const what =
    to === undefined
      ? `left ${slot(from)}`
      : from === undefined
        ? to === null
          ? 'became active (no stage)'
          : `entered stage ${to}`
        : `moved from ${slot(from)} to ${slot(to)}`;
  return `player ${player} ${what}${cause}`;
}

const ANY = (): boolean => true;

/** The last of `live` of `type` that passes `test`. */
function lastOf(live: Transition[], type: Transition['type'], test: (t: Transition) => boolean = ANY): Transition | undefined {
  for (let i = live.length - 1; i >= 0; i--) if (live[i].type === type && test(live[i])) return live[i];
  return undefined;
}

/**
 * One plain sentence saying why the flow moved in this step (or why it did not), e.g.
 * "player 2 entered stage respondToBang because moves.PlayBang called setActivePlayers(…)".
 * Every claim agrees with the ctx before and after the step; transitions supply the causes.
 * The most significant change wins: game over, then phase, then turn, then stages.
 */
export function explainStep(record: StepRecord, before: FlowCtx | null): string {
  const { action, ctx } = record;
  const guard = record.trace.transitions.find((t) => t.loopGuard && !t.rolledBack);
  if (!action || !before) {
    const undone = record.trace.transitions.filter((t) => t.rolledBack).length;
    if (!undone) return guard ? flowSentence(guard) : creationSentence(record);
    const head = guard ? flowSentence(guard) : abortedTurnChain(record) ? abortedChainHead(record) : 'the game was created';
    return `${head}; boardgame.io then undid the ${undone} transitions that events called from hooks asked for (${undoneReason(record)}), so the game starts in ${describeWhere(ctx)}`;
  }
  if (!record.ok && record.error) {
    // A refused event changed nothing: one boardgame.io logged an error for but that took effect is accepted.
    return `boardgame.io refused it: ${record.error.message.split('\n')[0]}`;
  }
  if (action.type === 'reset')
    return `the game was reset to its start: ${sameFlow(before, ctx) ? 'the flow was already there' : ctxChanges(before, ctx)}`;
  if (action.type === 'undo' || action.type === 'redo')
    return sameFlow(before, ctx) ? `${action.type} changed nothing in the flow` : `${action.type}: ${ctxChanges(before, ctx)}`;

  const live = record.trace.transitions.filter((t) => !t.rolledBack);
  const last = lastOf.bind(null, live);
  if (before.gameover === undefined && ctx.gameover !== undefined) {
    const end = last('game-end');
    return end ? flowSentence(end) : 'the game ended';
  }
  if (guard) return flowSentence(guard);
  if (before.phase !== ctx.phase) {
    const end = live.find((t) => t.type === 'phase-end' && t.phase === before.phase);
    const begin = last('phase-begin', (t) => t.phase === ctx.phase);
    if (end) return flowSentence(end) + (begin ? '' : `; the flow is now in ${describeWhere(ctx)}`);
    if (begin) return flowSentence(begin);
    return `the flow moved: ${ctxChanges(before, ctx)}`;
  }
  if (before.turn !== ctx.turn || before.currentPlayer !== ctx.currentPlayer) {
    const phaseEnd = live.find((t) => t.type === 'phase-end' && t.phase === before.phase);
    if (phaseEnd) return `${flowSentence(phaseEnd)}, and began again`;
    const end = live.find((t) => t.type === 'turn-end' && t.player === before.currentPlayer);
    return end ? flowSentence(end) : `the flow moved: ${ctxChanges(before, ctx)}`;
  }
  const players = [...new Set([...Object.keys(before.activePlayers ?? {}), ...Object.keys(ctx.activePlayers ?? {})])];
  const changed = players.filter((p) => slotOf(before, p) !== slotOf(ctx, p));
  if (changed.length) {
    // One an event caused says more than an automatic one, and entering more than leaving.
    const score = (p: PlayerID) => {
      const t = live.filter((x) => x.type === 'stage' && x.player === p).pop();
      return (t && !t.automatic ? 0 : 2) + (slotOf(ctx, p) === undefined ? 1 : 0);
    };
    const [main, ...others] = [...changed].sort((a, b) => score(a) - score(b));
    const n = others.length;
    return (
      netStageSentence(main, slotOf(before, main), slotOf(ctx, main), live) +
      (n ? `, and ${n} other player${n === 1 ? '' : 's'} changed slot too` : '')
    );
  }
  const events = record.trace.entries.flatMap((e) => e.events.map((ev) => ({ fn: e.fn, ev })));
  const dropped = events.find((x) => x.ev.outcome !== 'applied');
  if (dropped)
    return `the flow did not move: ${dropped.fn} called ${describeCall(dropped.ev.name, dropped.ev.args)} but it was ${dropped.ev.outcome} (${dropped.ev.reason})`;
  if (live.some((t) => t.type !== 'stage')) return `the flow came back where it was (${describeWhere(ctx)}): see the transitions`;
  return 'the flow did not move';
}

function undoneReason(record: StepRecord): string {
  const log = record.trace.logs.find((l) => l.level === 'error' && /Maximum number of turn endings exceeded/.test(l.text));
  return log ? 'more than numPlayers × 100 turn endings in one update: an endless loop of events' : 'its events plugin refused them';
}
