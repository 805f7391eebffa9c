import { finding, type LintFinding } from '../codes';
import { rawTurns, type Rule } from './context';

/**
 * `order-without-next`: boardgame.io calls `turn.order.first` when a phase begins and
 * `turn.order.next` when a turn ends, with no default for either once `order` is given; a missing
 * one is a `TypeError` (`order.next is not a function`) at that moment.
 */
export const orderWithoutNext: Rule = (ctx) => {
  const out: LintFinding[] = [];
  for (const { path, turn } of rawTurns(ctx.config)) {
    const order = turn.order as Record<string, unknown> | undefined;
    if (!order || typeof order !== 'object') continue;
    const missing = (['first', 'next'] as const).filter((part) => typeof order[part] !== 'function');
    if (!missing.length) continue;
    const when = missing
      .map((part) =>
        part === 'next' ? 'when a turn ends (`order.next is not a function`)' : 'when the phase begins (`order.first is not a function`)',
      )
      .join(' and ');
    out.push(
      finding(
        'order-without-next',
        `${path}.order`,
        `\`${path}.order\` has no ${missing.map((p) => `\`${p}\``).join(' or ')} function: boardgame.io throws ${when}; give both, or start from a preset (\`{ ...TurnOrder.DEFAULT, playOrder }\`).`,
      ),
    );
  }
  return out;
};
