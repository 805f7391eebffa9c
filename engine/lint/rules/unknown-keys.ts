import semver from 'semver';
import { closest } from '../../util/edit-distance';
import { finding, type LintFinding } from '../codes';
import type { Rule } from './context';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

type Level = 'phase' | 'turn' | 'order' | 'stage';

/** The keys boardgame.io reads at each level, by release (`src/types.ts`; `wrapped` is its own). */
function knownKeys(level: Level, release: string): string[] {
  const since = (v: string) => semver.gte(semver.coerce(release) ?? '0.50.0', v);
  switch (level) {
    case 'phase':
      return ['start', 'next', 'onBegin', 'onEnd', 'endIf', 'moves', 'turn', 'wrapped'];
    case 'turn':
      return [
        'order',
        'activePlayers',
        'onBegin',
        'onEnd',
        'onMove',
        'endIf',
        'stages',
        'moveLimit',
        ...(since('0.48.0') ? ['minMoves', 'maxMoves'] : []),
        'wrapped',
      ];
    case 'order':
      return ['first', 'next', 'playOrder'];
    case 'stage':
      return ['moves', 'next'];
  }
}

// Keys of the flow API (≤0.32) and other places, with where they went.
const MOVED: Record<string, string> = {
  endPhaseIf: '`endIf`',
  onPhaseBegin: '`onBegin`',
  onPhaseEnd: '`onEnd`',
  allowedMoves: '`moves`',
  turnOrder: '`turn.order`',
  endTurnIf: '`turn.endIf`',
  onTurnBegin: '`turn.onBegin`',
  onTurnEnd: '`turn.onEnd`',
  movesPerTurn: '`turn.maxMoves` (and `minMoves`)',
  endGameIf: "the game's `endIf`",
  activePlayers: '`turn.activePlayers`',
  minMoves: '`moveLimit` (`minMoves`/`maxMoves` arrived in 0.48)',
  maxMoves: '`moveLimit` (`minMoves`/`maxMoves` arrived in 0.48)',
};

// A stage has no move limits of its own: they come with the players put in it.
const STAGE_LIMITS =
  'to set them where players enter the stage: `turn.activePlayers` or `setActivePlayers({ …, minMoves, maxMoves })` (`moveLimit` before 0.48)';

/**
 * `unknown-key`: boardgame.io ignores keys it does not read, so a misspelt `endif` or a flow-era
 * `endPhaseIf` in a phase does nothing at all. Known keys depend on the release (`minMoves` and
 * `maxMoves` from 0.48). `stages` outside a turn has its own rule.
 */
export const unknownKeys: Rule = (ctx) => {
  const out: LintFinding[] = [];
  const check = (value: unknown, path: string, level: Level) => {
    if (!isObject(value)) return;
    const known = knownKeys(level, ctx.release);
    for (const key of Object.keys(value)) {
      if (known.includes(key) || (key === 'stages' && level === 'phase')) continue;
      // Games name their stages and phases for their own code (boards, logs); boardgame.io leaves `name` alone.
      if (key === 'name' && (level === 'stage' || level === 'phase') && typeof value[key] === 'string') continue;
      const moved = level === 'stage' && (key === 'minMoves' || key === 'maxMoves' || key === 'moveLimit') ? STAGE_LIMITS : MOVED[key];
      const near = closest(key, known);
      const hint =
        moved && !known.includes(key)
          ? `; did you mean ${moved}?`
          : near
            ? `; did you mean \`${near}\`?`
            : ` (it reads ${known
                .filter((k) => k !== 'wrapped')
                .map((k) => `\`${k}\``)
                .join(', ')})`;
      out.push(
        finding(
          'unknown-key',
          `${path}.${key}`,
          `A ${level === 'order' ? 'turn order' : level} has no \`${key}\` in boardgame.io ${ctx.release}, so boardgame.io ignores it${hint}`,
        ),
      );
    }
    if (level === 'turn') {
      check(value.order, `${path}.order`, 'order');
      if (isObject(value.stages)) for (const [name, stage] of Object.entries(value.stages)) check(stage, `${path}.stages.${name}`, 'stage');
    }
  };
  const config = ctx.config as Record<string, unknown>;
  check(config.turn, 'turn', 'turn');
  if (isObject(config.phases)) {
    for (const [name, phase] of Object.entries(config.phases)) {
      check(phase, `phases.${name}`, 'phase');
      if (isObject(phase)) check(phase.turn, `phases.${name}.turn`, 'turn');
    }
  }
  return out;
};
