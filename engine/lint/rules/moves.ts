import { finding, list, type LintFinding } from '../codes';
import type { Rule } from './context';
import { reachability } from './reachability';

/**
 * `unreachable-move`: boardgame.io's `GetMove` looks in the player's stage (when it has `moves`),
 * else the phase (when it has `moves`), else the global moves, never merging levels. So global
 * moves are offered only where the phase has no `moves` of its own (the no-phase state
 * included), and a turn's stage moves only while a phase using that turn can be entered.
 * Moves of phases that are never entered are left to `unreachable-phase`.
 */
export const unreachableMoves: Rule = (ctx) => {
  const r = reachability(ctx);
  const live = ctx.game.phases.filter((p) => (p.name === null ? r.nullReachable : r.reached.has(p.name)));
  const out: LintFinding[] = [];

  if (!live.some((p) => p.moves === null)) {
    const entered = ctx.declared.filter((p) => r.reached.has(p.name as string)).map((p) => p.name as string);
    for (const move of ctx.game.globalMoves) {
      out.push(
        finding(
          'unreachable-move',
          `moves.${move}`,
          `Global move \`${move}\` is never offered: every phase the game can enter (${list(entered)}) has its own \`moves\`, which replace the global ones, and ${r.nullReason}; add \`${move}\` to the \`moves\` of the phases that should offer it, or remove it.`,
        ),
      );
    }
  }

  const top = ctx.turns.find((t) => t.turn.path === 'turn');
  if (top && !live.some((p) => p.turn.path === 'turn')) {
    for (const stage of top.turn.stages) {
      for (const move of stage.moves ?? []) {
        out.push(
          finding(
            'unreachable-move',
            `turn.stages.${stage.name}.moves.${move}`,
            `Move \`${move}\` of stage \`${stage.name}\` in the top-level \`turn\` is never offered: every phase the game can enter has its own \`turn\`, which replaces the top-level one, and ${r.nullReason}; move stage \`${stage.name}\` into the \`turn\` of the phases that need it.`,
          ),
        );
      }
    }
  }
  return out;
};

/** `stage-falls-through`: a stage without `moves` in a turn used by a phase with `moves`. */
export const stageFallsThrough: Rule = (ctx) =>
  ctx.declared.flatMap((p) => {
    const moves = p.moves;
    if (moves === null || moves.length === 0) return [];
    return p.turn.stages
      .filter((s) => s.moves === null)
      .map((s) =>
        finding(
          'stage-falls-through',
          `${p.turn.path}.stages.${s.name}`,
          `Stage \`${s.name}\` has no \`moves\`, so in phase \`${p.name}\` its players can make the phase's moves (${list(moves)}); if they should not, give the stage its own \`moves\` (\`moves: {}\` for none).`,
        ),
      );
  });
