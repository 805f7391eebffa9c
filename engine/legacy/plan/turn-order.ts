/* eslint-disable @typescript-eslint/no-explicit-any -- configs written for releases 0.26 to 0.49 are read as data of whatever shape their authors gave them. */
/**
 * What a legacy `turnOrder` becomes in 0.50: `turn.order`, `turn.activePlayers` (≤0.32's
 * `actionPlayers` and the ANY/OTHERS presets), and the active players an order chose with its
 * position (≤0.26), which `turn.onBegin` applies.
 */
import { fnInfo } from '../analysis/config-functions';
import { legacyPresetOf } from '../analysis/turn-order-presets';
import { PendingActionPlayers } from '../adapters/wrap';
import type { Builder } from './builder';
import { q } from './notes';
import { isFn, type AdaptSpec, type Entry, type Fn, type Node } from './plan-tree';

/** 0.50's turn order parts of one legacy `turnOrder`. */
export interface TurnOrderPlan {
  order: Node | null;
  activePlayers: Node | null;
  /** The active players the order's functions choose, for `turn.onBegin` to apply. */
  pending: PendingActionPlayers | null;
}

/** A 0.50 turn order that keeps the turn with the current player (≤0.32's ANY/OTHERS presets). */
export function STAY_ORDER(): { first: Fn; next: Fn } {
  return { first: ({ ctx }: any) => ctx.playOrderPos, next: ({ ctx }: any) => ctx.playOrderPos };
}

const ref = (b: Builder, name: string, group: 'TurnOrder' | 'ActivePlayers'): Node => ({
  t: 'ref',
  code: `${group}.${name}`,
  value: b.core050[group][name],
  imports: [group],
});

const stay = (): Node => ({
  t: 'code',
  code: '{ first: ({ ctx }) => ctx.playOrderPos, next: ({ ctx }) => ctx.playOrderPos }',
  value: STAY_ORDER(),
});

/** The turn order of `order` (written at `orderFrom`) for the turn at `to`. */
export function planTurnOrder(b: Builder, order: unknown, orderFrom: string, to: string, hasPhases: boolean): TurnOrderPlan {
  let orderNode: Node | null = null;
  let activePlayers: Node | null = null;
  if (order === undefined || order === null) {
    if (hasPhases) {
      orderNode = ref(b, 'CONTINUE', 'TurnOrder');
      b.note(
        'info',
        'turnOrder',
        orderFrom,
        `No \`turnOrder\`: the legacy default (\`TurnOrder.DEFAULT\`, whose \`first\` keeps the player who was playing when a phase begins) is \`TurnOrder.CONTINUE\` in 0.50 (0.50's \`DEFAULT\` starts a new phase with the next player).`,
        `${to}.order`,
      );
    }
  } else {
    b.note('info', 'turnOrder', orderFrom, `${q(orderFrom)} is ${q(`${to}.order`)} since 0.33.`, `${to}.order`);
    const preset = legacyPresetOf(order, b.options.turnOrders);
    const name = preset?.name;
    if (name === 'DEFAULT') {
      orderNode = ref(b, 'CONTINUE', 'TurnOrder');
      b.note(
        'info',
        'TurnOrder-preset',
        orderFrom,
        `\`TurnOrder.DEFAULT\` (≤0.32: a phase begins with the player who was playing) is \`TurnOrder.CONTINUE\` in 0.50 (0.50's \`DEFAULT\` starts a new phase with the next player).`,
        `${to}.order`,
      );
    } else if (name === 'ONCE') {
      orderNode = ref(b, 'ONCE', 'TurnOrder');
    } else if (name === 'ANY' && preset?.release === '0.26') {
      orderNode = ref(b, 'CONTINUE', 'TurnOrder');
      activePlayers = ref(b, 'ALL', 'ActivePlayers');
      b.note(
        'info',
        'TurnOrder.ANY',
        orderFrom,
        '`TurnOrder.ANY` (0.26: every player may move, the turn passes round robin) is `order: TurnOrder.CONTINUE` with `activePlayers: ActivePlayers.ALL` in 0.50.',
        `${to}.activePlayers`,
      );
    } else if (name === 'ANY' || name === 'ANY_ONCE' || name === 'OTHERS' || name === 'OTHERS_ONCE') {
      orderNode = stay();
      activePlayers = ref(b, name === 'ANY' ? 'ALL' : name === 'ANY_ONCE' ? 'ALL_ONCE' : name, 'ActivePlayers');
      b.note(
        'info',
        name === 'ANY' ? 'TurnOrder.ANY' : 'TurnOrder-preset',
        orderFrom,
        `\`TurnOrder.${name}\` (0.27–0.32: the turn stays with one player, ${name.startsWith('ANY') ? 'every player' : 'every other player'} may move${name.endsWith('ONCE') ? ' once' : ''}) is an order that keeps the turn with \`activePlayers: ActivePlayers.${name === 'ANY' ? 'ALL' : name === 'ANY_ONCE' ? 'ALL_ONCE' : name}\` in 0.50.`,
        `${to}.activePlayers`,
      );
      if (name.endsWith('ONCE'))
        b.note(
          'decision',
          'TurnOrder-preset',
          orderFrom,
          `\`TurnOrder.${name}\` ended the phase once everybody had moved (\`endPhaseOnceDone\`); 0.50 just ends the stage: add a phase \`endIf\` that sees everybody has moved (e.g. a count in \`G\`).`,
          `${to}.activePlayers`,
        );
    } else if (order && typeof order === 'object') return planOrderObject(b, order as Record<string, any>, orderFrom, to);
  }
  return { order: orderNode, activePlayers, pending: null };
}

/** A turn order written as an object of functions (`first`, `next`, `playOrder`, ≤0.32's `actionPlayers`). */
function planOrderObject(b: Builder, o: Record<string, any>, orderFrom: string, to: string): TurnOrderPlan {
  const v26 = b.era === 'flow-0.26';
  let pending: PendingActionPlayers | null = null;
  let activePlayers: Node | null = null;
  const positional = [o.first, o.next].some((f) => isFn(f) && fnInfo(f).returnsPosition);
  const section = o.actionPlayers;
  let sectionValue: Fn | undefined;
  if (section && typeof section === 'object') {
    b.note(
      'info',
      'turnOrder-actionPlayers',
      `${orderFrom}.actionPlayers`,
      `${q(`${orderFrom}.actionPlayers`)} (0.27–0.32) is \`turn.activePlayers\` in 0.50.`,
      `${to}.activePlayers`,
    );
    if (Array.isArray(section))
      activePlayers = { t: 'lit', value: { value: Object.fromEntries(section.map((id: unknown) => [String(id), null])) } };
    else if (section.all || section.others || section.allOthers)
      activePlayers = ref(b, `${section.all ? 'ALL' : 'OTHERS'}${section.once ? '_ONCE' : ''}`, 'ActivePlayers');
    else if (isFn(section.value)) {
      sectionValue = section.value;
      b.note(
        'decision',
        'turnOrder-actionPlayers',
        `${orderFrom}.actionPlayers.value`,
        `${q(`${orderFrom}.actionPlayers.value`)} computed the action players when the phase began; 0.50's \`turn.activePlayers\` is static: call \`events.setActivePlayers\` in \`turn.onBegin\` (the migrated config does, for the phase's first turn).`,
        `${to}.onBegin`,
      );
    }
  }
  if (positional || sectionValue || v26) pending = new PendingActionPlayers();
  if (positional) {
    b.note(
      'info',
      'turnOrder-position-object',
      orderFrom,
      `${q(orderFrom)} returns \`{ playOrderPos, actionPlayers }\` (≤0.26): 0.50 orders return the position; the migrated config gives the turn those active players in \`turn.onBegin\` (\`events.setActivePlayers\`).`,
      `${to}.order`,
    );
    b.note(
      'decision',
      'turnOrder-position-object',
      orderFrom,
      `${q(orderFrom)} chose \`actionPlayers\` with the position: the rewritten order returns the position only; set those players with \`events.setActivePlayers([...])\` in \`turn.onBegin\` (or \`turn.activePlayers\`).`,
      `${to}.order`,
    );
  }
  const orderEntries: Entry[] = [];
  for (const part of ['playOrder', 'first', 'next'] as const) {
    if (!isFn(o[part])) continue;
    const adapt: AdaptSpec | undefined =
      part === 'playOrder' || !pending
        ? undefined
        : { kind: 'position', pending, ...(part === 'first' && sectionValue ? { sectionValue } : {}) };
    orderEntries.push({
      key: part,
      node: b.fn(o[part], part === 'playOrder' ? 'playOrder' : 'order', `${orderFrom}.${part}`, `${to}.order.${part}`, adapt),
      path: `${to}.order.${part}`,
    });
  }
  return { order: { t: 'obj', entries: orderEntries }, activePlayers, pending };
}
