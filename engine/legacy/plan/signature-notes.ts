/**
 * What the migration says about each legacy function written positionally (`(G, ctx)`): the
 * signature it moves to, the `ctx` fields and events that changed, and the pitfalls of its body.
 */
import { sourceOf } from '../../lint/source';
import { fnInfo, GONE_CTX_FIELDS, type FnInfo, type Role } from '../analysis/config-functions';
import { q, type NoteTaker } from './notes';
import type { Fn } from './plan-tree';

/** Notes on a positional function: its signature, the `ctx` fields it reads, and the events it calls. */
export function signatureNotes(b: NoteTaker, fn: Fn, role: Role, from: string, to: string): void {
  const info = fnInfo(fn);
  if (!info.shape || /\[native code\]/.test(info.source)) {
    b.note(
      'decision',
      'g-ctx-signature',
      from,
      `${q(from)}: Flowscope could not read this function's source (${sourceOf(fn).slice(0, 40) || 'native code'}); the migrated config calls it with \`(G, ctx)\`, but rewrite it by hand for 0.50's context object.`,
      to,
    );
    return;
  }
  const written = `(${info.shape.params.map((p) => (p.kind === 'identifier' ? p.name : p.text)).join(', ')})`;
  const moved = [...info.ctxMembers].filter((m) => m === 'events' || m === 'random' || m === 'playerID' || m === 'log');
  const pitfall =
    b.era === 'context' && info.ctxMembers.has('events')
      ? ` On 0.50 its first argument is the context object, so \`${info.gName ?? 'G'}\` is not the game state and \`${info.ctxName}\` is undefined: its \`${info.ctxName}.events\` calls never ran.`
      : '';
  if (info.shape.params.length || moved.length) {
    b.note(
      'info',
      'g-ctx-signature',
      from,
      `${q(from)} is written \`${written}\`: it takes 0.50's context object now${moved.length ? `, and ${moved.map((m) => `\`ctx.${m}\``).join(', ')} ${moved.length === 1 ? 'is' : 'are'} read from it` : ''}.${pitfall}`,
      to,
    );
  }
  const gone = GONE_CTX_FIELDS.filter((f) => info.ctxMembers.has(f));
  if (gone.length) {
    b.note(
      'decision',
      'legacy-ctx-field',
      from,
      `${q(from)} reads ${gone.map((f) => `\`ctx.${f}\``).join(', ')}, which boardgame.io 0.50 does not have (the migrated config passes undefined): compute it from \`G\` or \`ctx\` instead.`,
      to,
    );
  }
  if (b.flow && info.ctxMembers.has('actionPlayers')) {
    b.note(
      'info',
      'actionPlayers',
      from,
      `${q(from)} reads \`ctx.actionPlayers\` (0.21–0.32): it is \`Object.keys(ctx.activePlayers ?? { [ctx.currentPlayer]: null })\` in 0.50.`,
      to,
    );
  }
  if (b.flow && info.mentionsDefault) {
    b.note(
      'decision',
      'default-phase',
      from,
      `${q(from)} compares with \`'default'\`: the implicit \`default\` phase is \`ctx.phase === null\` in 0.50 (the migrated config passes \`'default'\` to this function, the rewritten source does not): change the comparison.`,
      to,
    );
  }
  if (role === 'onMove' && info.shape.params.length >= 3) {
    b.note(
      'decision',
      'onMove',
      from,
      `${q(from)} reads its third argument (the move: \`{ type, args }\`), which boardgame.io 0.50.2 does not pass to \`turn.onMove\`: record what you need in \`G\` from the move itself.`,
      to,
    );
  }
  if (b.era === 'flow-0.26' && role === 'move' && info.returnsNothing) {
    b.note(
      'decision',
      'g-ctx-signature',
      from,
      `${q(from)} can return nothing: boardgame.io ≤0.26 (no immer) refused such a move, 0.50 accepts it (the migrated config refuses it with INVALID_MOVE): return \`INVALID_MOVE\` where the move is illegal.`,
      to,
    );
  }
  for (const call of info.events) eventNote(b, call, from, to);
}

function eventNote(b: NoteTaker, call: FnInfo['events'][number], from: string, to: string): void {
  if (call.event === 'setActionPlayers' || call.event === 'changeActionPlayers') {
    b.note(
      'info',
      call.event,
      from,
      `${q(from)} calls \`${call.event}\` (0.25–0.32): it is \`setActivePlayers\` in 0.50 (players in no stage; \`once\` is \`minMoves: 1, maxMoves: 1\`).`,
      to,
    );
  } else if (call.event === 'endTurn' && (call.literal !== undefined || (b.era === 'flow-0.26' && call.computed && !call.objectArg))) {
    b.note(
      'info',
      'endTurn-player',
      from,
      `${q(from)} calls \`endTurn(${call.literal !== undefined ? `'${call.literal}'` : 'playerID'})\` (≤0.26): it is \`endTurn({ next: ${call.literal !== undefined ? `'${call.literal}'` : 'playerID'} })\` in 0.50.`,
      to,
    );
  } else if (call.event === 'endPhase' && (call.objectArg || call.literal !== undefined || call.computed)) {
    if (call.nextLiteral === 'default' || call.literal === 'default') {
      b.note(
        'decision',
        'endPhase-next',
        from,
        `${q(from)} calls \`endPhase({ next: 'default' })\`: 0.50 has no \`default\` phase and cannot send a phase with a \`next\` to the no-phase state; the migrated config calls \`endPhase()\`.`,
        to,
      );
    } else if (call.nextLiteral !== undefined || call.literal !== undefined) {
      const target = call.nextLiteral ?? call.literal;
      b.note(
        'info',
        'endPhase-next',
        from,
        `${q(from)} calls \`endPhase(${call.literal !== undefined ? `'${target}'` : `{ next: '${target}' }`})\`: it is \`setPhase('${target}')\` in 0.50 (\`endPhase()\` takes no argument).`,
        to,
      );
    } else {
      b.note(
        'decision',
        'endPhase-next',
        from,
        `${q(from)} calls \`endPhase(…)\` with a computed argument: in 0.50 use \`setPhase(next)\` to choose the phase, \`endPhase()\` to follow \`next\` (the migrated config decides at run time).`,
        to,
      );
    }
  }
}
