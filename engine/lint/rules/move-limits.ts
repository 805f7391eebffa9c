/* eslint-disable @typescript-eslint/no-explicit-any -- a game config and its ctx are the user's data, of any shape boardgame.io accepts. */
import { finding, type LintFinding } from '../codes';
import type { Rule } from './context';

const positive = (v: unknown): v is number => typeof v === 'number' && v > 0;

/** The raw turn config at `turn` or `phases.X.turn`. */
function rawTurn(config: Record<string, any>, path: string): Record<string, any> | undefined {
  if (path === 'turn') return config.turn;
  const phase = path.slice('phases.'.length, -'.turn'.length);
  return config.phases?.[phase]?.turn;
}

/**
 * `min-over-max`, with boardgame.io 0.50.2's own reading of the limits: a truthy `turn.moveLimit`
 * overrides both `minMoves` and `maxMoves` (`supportDeprecatedMoveLimit(turn, true)`), while in
 * `activePlayers` it overrides `maxMoves` only. A limit of 0 means none. When `maxMoves` is
 * reached, boardgame.io ends the turn (or stage) without force, so `minMoves` refuses it.
 */
export const minOverMax: Rule = (ctx) => {
  const out: LintFinding[] = [];
  for (const { turn } of ctx.turns) {
    const raw = rawTurn(ctx.config, turn.path);
    if (!raw || typeof raw !== 'object') continue;
    const min = raw.moveLimit ? raw.moveLimit : raw.minMoves;
    const max = raw.moveLimit ? raw.moveLimit : raw.maxMoves;
    if (positive(min) && positive(max) && min > max) {
      out.push(
        finding(
          'min-over-max',
          `${turn.path}.minMoves`,
          `\`${turn.path}\` has \`minMoves: ${min}\` greater than \`maxMoves: ${max}\`: boardgame.io refuses the automatic end of the turn after ${max} ${max === 1 ? 'move' : 'moves'} (logging \`cannot end turn before making ${min} moves\`), so \`maxMoves\` has no effect and no turn can end before ${min} moves unless its phase ends; make \`minMoves\` at most \`maxMoves\`.`,
        ),
      );
    }
    const ap = raw.activePlayers;
    if (ap && typeof ap === 'object' && !Array.isArray(ap)) {
      const apMin = ap.minMoves;
      const apMax = ap.moveLimit ? ap.moveLimit : ap.maxMoves;
      if (positive(apMin) && positive(apMax) && apMin > apMax) {
        out.push(
          finding(
            'min-over-max',
            `${turn.path}.activePlayers`,
            `\`${turn.path}.activePlayers\` has \`minMoves: ${apMin}\` greater than \`maxMoves: ${apMax}\`: boardgame.io refuses the automatic \`endStage\` after ${apMax} ${apMax === 1 ? 'move' : 'moves'} (logging \`cannot end stage before making ${apMin} moves\`), so players stay in their stage until they have made ${apMin} moves; make \`minMoves\` at most \`maxMoves\`.`,
          ),
        );
      }
    }
  }
  return out;
};
