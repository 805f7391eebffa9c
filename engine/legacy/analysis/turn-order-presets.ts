/**
 * boardgame.io's pre-0.33 `TurnOrder` presets, and recognising them in a config. Copies of the
 * 0.26.3 and 0.32.1 presets (`dist/core.js`) let Flowscope read a legacy game file when no old
 * release is at hand; the real ones are recognised by identity or by their source.
 */

/** What the presets read of a ≤0.32 `ctx`. */
interface LegacyCtx {
  playOrderPos: number;
  playOrder: string[];
}
/** A `first`/`next` of ≤0.32: a position, `{ playOrderPos, actionPlayers }` (0.26), or nothing (the phase ends). */
type Pos = (G: never, ctx: LegacyCtx) => number | { actionPlayers: string[]; playOrderPos: number } | undefined;
/** The `G` of a game using `TurnOrder.SKIP` (its players pass). */
interface PassingG {
  allPassed?: boolean;
  passOrder: string[];
}
type Order = { first: Pos; next: Pos; actionPlayers?: Record<string, boolean>; endPhaseOnceDone?: boolean; playOrder?: Pos };

export type LegacyPresetName = 'DEFAULT' | 'ONCE' | 'ANY' | 'ANY_ONCE' | 'OTHERS' | 'OTHERS_ONCE' | 'SKIP' | 'CUSTOM' | 'CUSTOM_FROM';

export interface LegacyPreset {
  name: LegacyPresetName;
  /** The release family whose semantics it has (0.26 ANY rotates the turn, 0.27–0.32 ANY keeps it). */
  release: '0.26' | '0.32' | 'any';
}

const tags = new WeakMap<object, LegacyPreset>();
const tag = <T extends object>(value: T, preset: LegacyPreset): T => (tags.set(value, preset), value);

const round = (G: unknown, ctx: LegacyCtx) => (ctx.playOrderPos + 1) % ctx.playOrder.length;
const stay = (G: unknown, ctx: LegacyCtx) => ctx.playOrderPos;
const skip = (G: PassingG, ctx: LegacyCtx) => {
  if (G.allPassed) return undefined;
  let playOrderPos = ctx.playOrderPos;
  for (let i = 0; i < ctx.playOrder.length; i++) {
    playOrderPos = (playOrderPos + 1) % ctx.playOrder.length;
    if (!G.passOrder.includes(ctx.playOrder[playOrderPos] + '')) return playOrderPos;
  }
  return undefined;
};
const once = (G: unknown, ctx: LegacyCtx) => (ctx.playOrderPos < ctx.playOrder.length - 1 ? ctx.playOrderPos + 1 : undefined);

function common(release: '0.26' | '0.32'): Record<string, Order> {
  return {
    DEFAULT: tag({ first: stay, next: round }, { name: 'DEFAULT', release: 'any' }),
    ONCE: tag({ first: () => 0, next: once }, { name: 'ONCE', release: 'any' }),
    SKIP: tag({ first: stay, next: skip }, { name: 'SKIP', release: 'any' }),
    ...(release === '0.26'
      ? {
          ANY: tag(
            {
              first: (G: unknown, ctx: LegacyCtx) => ({ actionPlayers: [...ctx.playOrder], playOrderPos: ctx.playOrderPos }),
              next: (G: unknown, ctx: LegacyCtx) => ({
                actionPlayers: [...ctx.playOrder],
                playOrderPos: (ctx.playOrderPos + 1) % ctx.playOrder.length,
              }),
            },
            { name: 'ANY', release: '0.26' },
          ),
        }
      : {
          ANY: tag({ first: stay, next: stay, actionPlayers: { all: true } }, { name: 'ANY', release: '0.32' }),
          ANY_ONCE: tag(
            { first: stay, next: stay, actionPlayers: { all: true, once: true }, endPhaseOnceDone: true },
            { name: 'ANY_ONCE', release: '0.32' },
          ),
          OTHERS: tag({ first: stay, next: stay, actionPlayers: { others: true } }, { name: 'OTHERS', release: '0.32' }),
          OTHERS_ONCE: tag(
            { first: stay, next: stay, actionPlayers: { others: true, once: true }, endPhaseOnceDone: true },
            { name: 'OTHERS_ONCE', release: '0.32' },
          ),
        }),
  };
}

/** The `TurnOrder` object of boardgame.io 0.26 (`'0.26'`) or 0.27–0.32 (`'0.32'`), with its factories. */
export function legacyTurnOrders(release: '0.26' | '0.32'): Record<string, unknown> {
  const presets: Record<string, unknown> = common(release);
  if (release === '0.32') {
    presets.CUSTOM = (playOrder: string[]) =>
      tag({ playOrder: () => playOrder, first: () => 0, next: round }, { name: 'CUSTOM', release: 'any' });
    presets.CUSTOM_FROM = (field: string) =>
      tag({ playOrder: (G: Record<string, unknown>) => G[field], first: () => 0, next: round }, { name: 'CUSTOM_FROM', release: 'any' });
  }
  return presets;
}

/** Whitespace-free sources of the presets' functions as boardgame.io 0.26.3 and 0.32.1 ship them. */
const SOURCES: Record<string, { first: string; next: string }> = {
  DEFAULT: {
    first: 'functionfirst(G,ctx){returnctx.playOrderPos;}',
    next: 'functionnext(G,ctx){return(ctx.playOrderPos+1)%ctx.playOrder.length;}',
  },
  ONCE: {
    first: 'functionfirst(){return0;}',
    next: 'functionnext(G,ctx){if(ctx.playOrderPos<ctx.playOrder.length-1){returnctx.playOrderPos+1;}}',
  },
  STAY: { first: 'functionfirst(G,ctx){returnctx.playOrderPos;}', next: 'functionnext(G,ctx){returnctx.playOrderPos;}' },
  ANY26: {
    first: 'functionfirst(G,ctx){return{actionPlayers:[].concat(toConsumableArray(ctx.playOrder)),playOrderPos:ctx.playOrderPos};}',
    next: 'functionnext(G,ctx){varplayOrderPos=(ctx.playOrderPos+1)%ctx.playOrder.length;return{actionPlayers:[].concat(toConsumableArray(ctx.playOrder)),playOrderPos:playOrderPos};}',
  },
};

const squash = (fn: unknown) => (typeof fn === 'function' ? Function.prototype.toString.call(fn).replace(/\s+/g, '') : '');

/**
 * Which legacy preset `order` is: by identity with `turnOrders` (the release's own `TurnOrder`),
 * by Flowscope's copies, or by the source of its functions. Null for custom orders.
 */
export function legacyPresetOf(order: unknown, turnOrders?: Record<string, unknown>): LegacyPreset | null {
  if (!order || typeof order !== 'object') return null;
  const tagged = tags.get(order);
  if (tagged) return tagged;
  const o = order as Order;
  if (turnOrders) {
    for (const [name, value] of Object.entries(turnOrders)) {
      if (value === order) {
        const release = name === 'ANY' ? (o.actionPlayers ? '0.32' : '0.26') : o.actionPlayers ? '0.32' : 'any';
        return { name: name as LegacyPresetName, release };
      }
    }
  }
  const first = squash(o.first);
  const next = squash(o.next);
  if (!first || !next) return null;
  const is = (key: string) => SOURCES[key].first === first && SOURCES[key].next === next;
  const flags = o.actionPlayers ?? {};
  if (is('DEFAULT') && !o.actionPlayers) return { name: 'DEFAULT', release: 'any' };
  if (is('ONCE') && !o.actionPlayers) return { name: 'ONCE', release: 'any' };
  if (is('ANY26')) return { name: 'ANY', release: '0.26' };
  if (is('STAY') && o.actionPlayers) {
    const base = flags.all ? 'ANY' : flags.others ? 'OTHERS' : null;
    if (base) return { name: `${base}${flags.once ? '_ONCE' : ''}` as LegacyPresetName, release: '0.32' };
  }
  if (first === SOURCES.DEFAULT.first && next.startsWith('functionnext(G,ctx){if(G.allPassed)return;'))
    return { name: 'SKIP', release: 'any' };
  return null;
}
