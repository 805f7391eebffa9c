/* eslint-disable @typescript-eslint/no-explicit-any -- configs written for releases 0.26 to 0.49 are read as data of whatever shape their authors gave them. */
/**
 * The migration plan: the 0.50 config as a tree that knows where each part came from, so that
 * `migrateConfig` can build the runnable object and `migrateSource` the source text from the
 * same decisions. Notes are collected while the tree is built.
 */
import { sourceOf } from '../../lint/source';
import type { GameConfig } from '../../types';
import { collectFunctions, flowPhases, fnInfo, GONE_CTX_FIELDS, inferEra, isPositional, type Role } from '../analysis/config-functions';
import { legacyPresetOf } from '../analysis/turn-order-presets';
import { readLegacy } from '../analysis/read-legacy';
import type { LegacyEra, LegacyFeature, LegacyOptions, MigrationNote } from '../analysis/types';
import { PendingActionPlayers, PhaseEntry, type WrapEnv } from '../adapters/wrap';

type Fn = (...args: any[]) => unknown;

/** boardgame.io 0.50's `TurnOrder` and `ActivePlayers` presets, by name. */
export interface Core050 {
  TurnOrder: Record<string, unknown>;
  ActivePlayers: Record<string, unknown>;
  PlayerView: Record<string, unknown>;
}

export type AdaptSpec =
  | { kind: 'endTurnIf' }
  | { kind: 'endPhaseIf' }
  | { kind: 'position'; pending: PendingActionPlayers; sectionValue?: Fn }
  | { kind: 'move-0.26' };

export type Node =
  | { t: 'obj'; entries: Entry[] }
  | { t: 'lit'; value: unknown }
  /** A value kept as written, at legacy path `from`. */
  | { t: 'keep'; value: unknown; from: string }
  /** A config function (wrapped when `legacy`), written at legacy path `from`. */
  | { t: 'fn'; fn: Fn; role: Role; legacy: boolean; from: string; adapt?: AdaptSpec }
  /** A 0.50 export (`TurnOrder.CONTINUE`). */
  | { t: 'ref'; code: string; value: unknown; imports: string[] }
  /** Code Flowscope writes (a turn order that keeps the turn). */
  | { t: 'code'; code: string; value: unknown; imports?: string[] }
  | { t: 'guarded'; name: string; move: Node; allowed: Node }
  | { t: 'endGameSwitch'; byPhase: [string, Node][]; fallback?: Node }
  /** `turn.onBegin` with what Flowscope adds: the turn order's active players, the legacy `endTurnIf` check after a phase change. */
  | { t: 'turnBegin'; hook?: Node; pending?: PendingActionPlayers; recheck?: { entry: PhaseEntry; endIf: Node } }
  /** A phase `onBegin` / `onEnd` that also tells `entry` the phase began / ended (see `PhaseEntry`). */
  | { t: 'phaseHook'; which: 'begin' | 'end'; hook?: Node; entry: PhaseEntry }
  /** A phase `endIf` that waits for the phase's `onBegin`, as ≤0.32 did. */
  | { t: 'phaseEndIf'; endIf: Node; entry: PhaseEntry }
  | { t: 'longMove'; move: Node; undoable?: boolean; redact?: boolean };

export interface Entry {
  key: string;
  node: Node;
  /** Where in the migrated config. */
  path: string;
}

export interface Plan {
  era: LegacyEra;
  env: WrapEnv;
  root: Node & { t: 'obj' };
  notes: MigrationNote[];
  /** The spec as written (recorded `Game()` argument, or the config). */
  spec: GameConfig;
  /** Whether anything changes at all. */
  changed: boolean;
}

const isFn = (v: unknown): v is Fn => typeof v === 'function';
const q = (s: string) => `\`${s}\``;

/** A 0.50 turn order that keeps the turn with the current player (≤0.32's ANY/OTHERS presets). */
export function STAY_ORDER(): { first: Fn; next: Fn } {
  return { first: ({ ctx }: any) => ctx.playOrderPos, next: ({ ctx }: any) => ctx.playOrderPos };
}

class Builder {
  notes: MigrationNote[] = [];
  /** Set when a flow-era game needs to know about phase changes (see `PhaseEntry`). */
  entry: PhaseEntry | null = null;
  private noted = new Set<string>();
  constructor(
    readonly era: LegacyEra,
    readonly env: WrapEnv,
    readonly options: LegacyOptions,
    readonly core050: Core050,
  ) {}

  note(severity: MigrationNote['severity'], feature: LegacyFeature | undefined, path: string, message: string, to?: string): void {
    const key = `${severity}|${feature}|${path}|${message}`;
    if (this.noted.has(key)) return;
    this.noted.add(key);
    this.notes.push({ severity, path, ...(to !== undefined ? { to } : {}), ...(feature ? { feature } : {}), message });
  }

  get flow(): boolean {
    return this.era === 'flow-0.26' || this.era === 'flow-0.32';
  }

  /** A config function: wrapped when written positionally, with notes on its signature and body. */
  fn(fn: Fn, role: Role, from: string, to: string, adapt?: AdaptSpec): Node {
    const legacy = isPositional(fn, role, this.era);
    if (legacy) this.signatureNotes(fn, role, from, to);
    return { t: 'fn', fn, role, legacy, from, ...(adapt && legacy ? { adapt } : {}) };
  }

  private signatureNotes(fn: Fn, role: Role, from: string, to: string): void {
    const info = fnInfo(fn);
    if (!info.shape || /\[native code\]/.test(info.source)) {
      this.note(
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
      this.era === 'context' && info.ctxMembers.has('events')
        ? ` On 0.50 its first argument is the context object, so \`${info.gName ?? 'G'}\` is not the game state and \`${info.ctxName}\` is undefined: its \`${info.ctxName}.events\` calls never ran.`
        : '';
    if (info.shape.params.length || moved.length) {
      this.note(
        'info',
        'g-ctx-signature',
        from,
        `${q(from)} is written \`${written}\`: it takes 0.50's context object now${moved.length ? `, and ${moved.map((m) => `\`ctx.${m}\``).join(', ')} ${moved.length === 1 ? 'is' : 'are'} read from it` : ''}.${pitfall}`,
        to,
      );
    }
    const gone = GONE_CTX_FIELDS.filter((f) => info.ctxMembers.has(f));
    if (gone.length) {
      this.note(
        'decision',
        'legacy-ctx-field',
        from,
        `${q(from)} reads ${gone.map((f) => `\`ctx.${f}\``).join(', ')}, which boardgame.io 0.50 does not have (the migrated config passes undefined): compute it from \`G\` or \`ctx\` instead.`,
        to,
      );
    }
    if (this.flow && info.ctxMembers.has('actionPlayers')) {
      this.note(
        'info',
        'actionPlayers',
        from,
        `${q(from)} reads \`ctx.actionPlayers\` (0.21–0.32): it is \`Object.keys(ctx.activePlayers ?? { [ctx.currentPlayer]: null })\` in 0.50.`,
        to,
      );
    }
    if (this.flow && info.mentionsDefault) {
      this.note(
        'decision',
        'default-phase',
        from,
        `${q(from)} compares with \`'default'\`: the implicit \`default\` phase is \`ctx.phase === null\` in 0.50 (the migrated config passes \`'default'\` to this function, the rewritten source does not): change the comparison.`,
        to,
      );
    }
    if (role === 'onMove' && info.shape.params.length >= 3) {
      this.note(
        'decision',
        'onMove',
        from,
        `${q(from)} reads its third argument (the move: \`{ type, args }\`), which boardgame.io 0.50.2 does not pass to \`turn.onMove\`: record what you need in \`G\` from the move itself.`,
        to,
      );
    }
    if (this.era === 'flow-0.26' && role === 'move' && info.returnsNothing) {
      this.note(
        'decision',
        'g-ctx-signature',
        from,
        `${q(from)} can return nothing: boardgame.io ≤0.26 (no immer) refused such a move, 0.50 accepts it (the migrated config refuses it with INVALID_MOVE): return \`INVALID_MOVE\` where the move is illegal.`,
        to,
      );
    }
    for (const call of info.events) this.eventNote(call, from, to);
  }

  private eventNote(call: ReturnType<typeof fnInfo>['events'][number], from: string, to: string): void {
    if (call.event === 'setActionPlayers' || call.event === 'changeActionPlayers') {
      this.note(
        'info',
        call.event,
        from,
        `${q(from)} calls \`${call.event}\` (0.25–0.32): it is \`setActivePlayers\` in 0.50 (players in no stage; \`once\` is \`minMoves: 1, maxMoves: 1\`).`,
        to,
      );
    } else if (call.event === 'endTurn' && (call.literal !== undefined || (this.era === 'flow-0.26' && call.computed && !call.objectArg))) {
      this.note(
        'info',
        'endTurn-player',
        from,
        `${q(from)} calls \`endTurn(${call.literal !== undefined ? `'${call.literal}'` : 'playerID'})\` (≤0.26): it is \`endTurn({ next: ${call.literal !== undefined ? `'${call.literal}'` : 'playerID'} })\` in 0.50.`,
        to,
      );
    } else if (call.event === 'endPhase' && (call.objectArg || call.literal !== undefined || call.computed)) {
      if (call.nextLiteral === 'default' || call.literal === 'default') {
        this.note(
          'decision',
          'endPhase-next',
          from,
          `${q(from)} calls \`endPhase({ next: 'default' })\`: 0.50 has no \`default\` phase and cannot send a phase with a \`next\` to the no-phase state; the migrated config calls \`endPhase()\`.`,
          to,
        );
      } else if (call.nextLiteral !== undefined || call.literal !== undefined) {
        const target = call.nextLiteral ?? call.literal;
        this.note(
          'info',
          'endPhase-next',
          from,
          `${q(from)} calls \`endPhase(${call.literal !== undefined ? `'${target}'` : `{ next: '${target}' }`})\`: it is \`setPhase('${target}')\` in 0.50 (\`endPhase()\` takes no argument).`,
          to,
        );
      } else {
        this.note(
          'decision',
          'endPhase-next',
          from,
          `${q(from)} calls \`endPhase(…)\` with a computed argument: in 0.50 use \`setPhase(next)\` to choose the phase, \`endPhase()\` to follow \`next\` (the migrated config decides at run time).`,
          to,
        );
      }
    }
  }
}

/** Builds the migration plan of `config` (see `migrateConfig`). */
export function buildPlan(config: GameConfig, options: LegacyOptions, core050: Core050): Plan {
  const input = readLegacy(config ?? {});
  const spec = input.spec;
  const era = inferEra(spec, { ...options, release: options.release ?? input.release }, input.wrapped);
  const flow = (spec.flow && typeof spec.flow === 'object' ? spec.flow : {}) as Record<string, any>;
  const phaseNames =
    era === 'flow-0.26' || era === 'flow-0.32' ? flowPhases(flow).map((p) => p.name) : Object.keys((spec.phases ?? {}) as object);
  const env: WrapEnv = { era, phaseNames };
  const b = new Builder(era, env, options, core050);
  if (!input.readable) {
    b.note(
      'decision',
      'game-wrapper',
      '',
      'This is the result of boardgame.io’s `Game()`, which turned the `flow` section into a reducer: its phases and flow hooks cannot be read back. Load the game file with Flowscope (`flowscope migrate`), or pass the object given to `Game()`.',
    );
  }
  const root = era === 'flow-0.26' || era === 'flow-0.32' ? planFlow(spec, b, input.wrapped) : planModern(spec, b);
  const changed = input.wrapped || era !== 'context' || b.notes.length > 0;
  return { era, env, root, notes: b.notes, spec, changed };
}

// ---------------------------------------------------------------------------
// 0.33–0.50 shape: the structure stays, positional functions are wrapped.
// ---------------------------------------------------------------------------

function planModern(spec: GameConfig, b: Builder): Node & { t: 'obj' } {
  const fnPaths = new Map(collectFunctions(spec, b.era).map((f) => [f.path, f]));
  const walk = (value: unknown, path: string): Node => {
    const f = isFn(value) ? fnPaths.get(path) : undefined;
    if (f) return (path === 'playerView' ? playerViewOf050(f.fn, b) : null) ?? b.fn(f.fn, f.role, path, path);
    if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.getPrototypeOf(value) === Object.prototype &&
      walkable(path)
    ) {
      const presetNode =
        b.era === 'g-ctx' && /(^|\.)turn\.order$/.test(path) ? (presetOf050(value, path, b) ?? factoryPresetOf050(value, path, b)) : null;
      if (presetNode) return presetNode;
      const entries: Entry[] = [];
      for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
        const p = path ? `${path}.${key}` : key;
        if (key === 'moveLimit' && /(^|\.)turn$/.test(path) && typeof v === 'number') {
          b.note(
            'info',
            'moveLimit',
            p,
            `${q(p)}: \`moveLimit\` (0.33–0.47) is \`minMoves\` + \`maxMoves\` since 0.48 (it set both).`,
            `${path}.minMoves`,
          );
          entries.push(
            { key: 'minMoves', node: { t: 'lit', value: v }, path: `${path}.minMoves` },
            { key: 'maxMoves', node: { t: 'lit', value: v }, path: `${path}.maxMoves` },
          );
          continue;
        }
        entries.push({ key, node: walk(v, p), path: p });
      }
      // An unchanged object is kept as it is (so presets like TurnOrder.DEFAULT keep their identity).
      const unchanged = (n: Node) => n.t === 'keep' || (n.t === 'fn' && !n.legacy);
      if (path !== '' && entries.every((e) => unchanged(e.node))) return { t: 'keep', value, from: path };
      return { t: 'obj', entries };
    }
    return { t: 'keep', value, from: path };
  };
  const root = walk(spec, '');
  return root.t === 'obj' ? root : { t: 'obj', entries: [] };
}

/** Paths whose objects hold config functions (everything else is kept as written). */
function walkable(path: string): boolean {
  if (path === '') return true;
  return /^(moves|turn|phases)(\.|$)/.test(path) && !/\.activePlayers$/.test(path) && !/^ai(\.|$)/.test(path);
}

/** The old release's `PlayerView.STRIP_SECRETS` (known by identity from `options.playerViews`) as 0.50's. */
function playerViewOf050(fn: unknown, b: Builder): Node | null {
  for (const [name, value] of Object.entries(b.options.playerViews ?? {})) {
    if (value !== fn || typeof b.core050.PlayerView[name] !== 'function') continue;
    b.note(
      'info',
      undefined,
      'playerView',
      `\`PlayerView.${name}\` of the old release is 0.50's \`PlayerView.${name}\` (context-object signature).`,
      'playerView',
    );
    return { t: 'ref', code: `PlayerView.${name}`, value: b.core050.PlayerView[name], imports: ['PlayerView'] };
  }
  return null;
}

/**
 * A 0.33–0.49 `TurnOrder.CUSTOM([...])` or `TurnOrder.CUSTOM_FROM('field')` result as 0.50's: known
 * by its functions' source, the same as a probe made with the release's own factory, and its
 * argument read back (`CUSTOM`'s `playOrder()`, the field `CUSTOM_FROM`'s `playOrder` reads).
 */
function factoryPresetOf050(order: unknown, path: string, b: Builder): Node | null {
  const turnOrders = b.options.turnOrders ?? {};
  if (!order || typeof order !== 'object') return null;
  const fns = order as Record<string, unknown>;
  for (const name of ['CUSTOM', 'CUSTOM_FROM'] as const) {
    const make = turnOrders[name];
    const modern = b.core050.TurnOrder[name];
    if (typeof make !== 'function' || typeof modern !== 'function') continue;
    const probe = make(name === 'CUSTOM' ? [] : 'field') as Record<string, unknown>;
    const keys = Object.keys(probe);
    if (keys.length !== Object.keys(fns).length || !keys.every((k) => typeof fns[k] === 'function' && String(fns[k]) === String(probe[k])))
      continue;
    let arg: unknown;
    try {
      if (name === 'CUSTOM') arg = (fns.playOrder as () => unknown)();
      else (fns.playOrder as (G: unknown) => unknown)(new Proxy({}, { get: (_, key) => void (arg ??= key) }));
    } catch {
      return null;
    }
    if (name === 'CUSTOM' ? !Array.isArray(arg) : typeof arg !== 'string') return null;
    const code = `TurnOrder.${name}(${JSON.stringify(arg)})`;
    b.note(
      'info',
      'TurnOrder-preset',
      path,
      `${q(path)}: \`${code}\` of the old release is 0.50's \`${code}\` (same behaviour, context-object signature).`,
      path,
    );
    return { t: 'ref', code, value: (modern as (a: unknown) => unknown)(arg), imports: ['TurnOrder'] };
  }
  return null;
}

/** A 0.33–0.49 `TurnOrder` preset (known by identity from `options.turnOrders`) as the 0.50 one. */
function presetOf050(order: unknown, path: string, b: Builder): Node | null {
  for (const [name, value] of Object.entries(b.options.turnOrders ?? {})) {
    if (value === order && b.core050.TurnOrder[name] && typeof b.core050.TurnOrder[name] === 'object') {
      b.note(
        'info',
        'TurnOrder-preset',
        path,
        `${q(path)}: \`TurnOrder.${name}\` of the old release is 0.50's \`TurnOrder.${name}\` (same behaviour, context-object signature).`,
        path,
      );
      return { t: 'ref', code: `TurnOrder.${name}`, value: b.core050.TurnOrder[name], imports: ['TurnOrder'] };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------
// The flow era (≤0.32).
// ---------------------------------------------------------------------------

const TURN_KEYS = ['movesPerTurn', 'endTurnIf', 'onTurnBegin', 'onTurnEnd', 'onMove', 'turnOrder'] as const;
const GAME_KEYS_HANDLED = new Set(['setup', 'moves', 'playerView', 'flow', 'plugins', 'name']);

function planFlow(spec: GameConfig, b: Builder, wrapped: boolean): Node & { t: 'obj' } {
  const flow = (spec.flow && typeof spec.flow === 'object' ? spec.flow : {}) as Record<string, any>;
  const phases = flowPhases(flow);
  const moves = (spec.moves ?? {}) as Record<string, unknown>;
  const entries: Entry[] = [];
  const v26 = b.era === 'flow-0.26';

  if (wrapped) b.note('info', 'game-wrapper', '', 'Removed the `Game({ … })` wrapper: since 0.33 a game is the plain object.');
  if (spec.flow)
    b.note('info', 'flow', 'flow', 'Moved the `flow` section: its keys are top-level `endIf`, `turn`, `phases` and `events` since 0.33.');

  if (spec.name !== undefined) entries.push({ key: 'name', node: { t: 'keep', value: spec.name, from: 'name' }, path: 'name' });
  for (const [key, value] of Object.entries(spec)) {
    if (GAME_KEYS_HANDLED.has(key)) continue;
    entries.push({ key, node: { t: 'keep', value, from: key }, path: key });
  }
  if (isFn(spec.setup)) entries.push({ key: 'setup', node: b.fn(spec.setup, 'setup', 'setup', 'setup'), path: 'setup' });

  // Moves: the global table, then per phase (allowedMoves, undoableMoves, redactedMoves).
  const redacted: string[] = Array.isArray(flow.redactedMoves) ? flow.redactedMoves : [];
  if (redacted.length)
    b.note(
      'info',
      'redactedMoves',
      'flow.redactedMoves',
      `\`flow.redactedMoves\` is \`redact: true\` on each of those moves (the long move form) since 0.33.`,
    );
  const moveNode = (name: string, to: string): Node => {
    const move = moves[name];
    return isFn(move)
      ? b.fn(move, 'move', `moves.${name}`, to, v26 ? { kind: 'move-0.26' } : undefined)
      : { t: 'keep', value: move, from: `moves.${name}` };
  };
  const table = (
    allowed: unknown,
    allowedFrom: string,
    undoable: unknown,
    undoableFrom: string,
    to: string,
    always: boolean,
  ): Node | null => {
    const hasAllowed = allowed !== null && allowed !== undefined;
    const hasUndoable = Array.isArray(undoable);
    if (!hasAllowed && !hasUndoable && !redacted.length && !always) return null;
    let names = Object.keys(moves);
    if (Array.isArray(allowed)) {
      const unknown = allowed.filter((n) => !(n in moves));
      if (unknown.length)
        b.note(
          'info',
          'allowedMoves',
          allowedFrom,
          `${q(allowedFrom)} names ${unknown.map((n) => `\`${n}\``).join(', ')}, which ${unknown.length === 1 ? 'is not a move' : 'are not moves'}: left out.`,
          to,
        );
      names = allowed.filter((n) => n in moves);
      b.note(
        'info',
        'allowedMoves',
        allowedFrom,
        `${q(allowedFrom)} is the move table ${q(to)} since 0.33 (moves are namespaced per phase).`,
        to,
      );
    }
    let allowedNode: Node | null = null;
    if (isFn(allowed)) {
      allowedNode = b.fn(allowed, 'allowedMoves', allowedFrom, to);
      b.note(
        'decision',
        'allowedMoves',
        allowedFrom,
        `${q(allowedFrom)} is a function: 0.50 phases list their moves statically. The migrated config offers every move and refuses the ones it does not return (INVALID_MOVE); in the source, list the moves of ${q(to)} or check in each move.`,
        to,
      );
    }
    if (hasUndoable)
      b.note(
        'info',
        'undoableMoves',
        undoableFrom,
        `${q(undoableFrom)}: the other moves are \`undoable: false\` (the long move form) since 0.33.`,
        to,
      );
    const tableEntries: Entry[] = names.map((name) => {
      const path = `${to}.${name}`;
      let node = moveNode(name, path);
      if (allowedNode) node = { t: 'guarded', name, move: node, allowed: allowedNode };
      const undoableFlag = hasUndoable && !(undoable as string[]).includes(name) ? false : undefined;
      const redact = redacted.includes(name) ? true : undefined;
      if (undoableFlag === false || redact)
        node = { t: 'longMove', move: node, ...(undoableFlag === false ? { undoable: false } : {}), ...(redact ? { redact } : {}) };
      return { key: name, node, path };
    });
    return { t: 'obj', entries: tableEntries };
  };
  const globalMoves = table(flow.allowedMoves, 'flow.allowedMoves', flow.undoableMoves, 'flow.undoableMoves', 'moves', true);
  const movesAt = entries.length;
  if (isFn(spec.playerView))
    entries.push({
      key: 'playerView',
      node: playerViewOf050(spec.playerView, b) ?? b.fn(spec.playerView, 'playerView', 'playerView', 'playerView'),
      path: 'playerView',
    });
  if (Array.isArray(spec.plugins) && spec.plugins.length) {
    b.note(
      'decision',
      'legacy-plugins',
      'plugins',
      '`plugins`: the plugin API changed in 0.38 (`fnWrap`, `api`, `flush`…); the migrated config leaves them out: port them to 0.50 plugins.',
    );
  }
  if (isFn(flow.optimisticUpdate)) {
    b.note(
      'decision',
      'optimisticUpdate',
      'flow.optimisticUpdate',
      '`flow.optimisticUpdate` is per move since 0.33 (`client: false` in the long move form): mark the moves it refused.',
    );
  }

  // Phases whose endPhaseIf reads what their onPhaseBegin sets (0.33+ checks endIf first), and
  // endTurnIf checked right after a phase change (≤0.32): both need to see phase changes.
  const guardedPhases = new Map<string, string[]>();
  for (const p of phases) {
    if (!isFn(p.config.endPhaseIf) || !isFn(p.config.onPhaseBegin)) continue;
    const shared = sharedFields(p.config.onPhaseBegin, p.config.endPhaseIf);
    if (shared.length) guardedPhases.set(p.name, shared);
  }
  if (phases.length && (guardedPhases.size || isFn(flow.endTurnIf) || phases.some((p) => isFn(p.config.endTurnIf))))
    b.entry = new PhaseEntry();

  // The turn of the no-phase state (and of every phase that overrides nothing).
  const turn = planTurn(b, flow, (key) => `flow.${key}`, 'turn', phases.length > 0);
  if (turn.entries.length) entries.push({ key: 'turn', node: turn, path: 'turn' });

  // Phases.
  let nextsOf: Map<string, string | null> | null = null;
  if (phases.length) {
    if (v26)
      b.note(
        'info',
        'phases-array',
        'flow.phases',
        '`flow.phases` is an array (≤0.26): each phase is a `phases` entry since 0.27, and ending one went to the next in the array, which is its `next` now.',
        'phases',
      );
    const nexts = v26 ? null : previousPhases(flow, phases, moves, b);
    nextsOf = nexts;
    const entry = b.entry;
    const phaseEntries: Entry[] = [];
    phases.forEach((p, i) => {
      const to = `phases.${p.name}`;
      const c = p.config;
      if (!v26 && p.name === 'default') {
        b.note(
          'info',
          'default-phase',
          p.path,
          '`flow.phases.default`: boardgame.io 0.27–0.32 refused a phase named `default` and replaced it with an empty one; it is the no-phase state (top-level `moves` and `turn`) in 0.50, so it is left out.',
        );
        return;
      }
      const pe: Entry[] = [];
      const start = v26 ? i === 0 : flow.startingPhase === p.name;
      if (start) {
        pe.push({ key: 'start', node: { t: 'lit', value: true }, path: `${to}.start` });
        if (!v26)
          b.note(
            'info',
            'startingPhase',
            'flow.startingPhase',
            `\`flow.startingPhase: '${p.name}'\` is \`start: true\` on ${q(to)} since 0.33.`,
            `${to}.start`,
          );
      }
      const mt = table(
        c.allowedMoves ?? flow.allowedMoves,
        c.allowedMoves !== undefined ? `${p.path}.allowedMoves` : 'flow.allowedMoves',
        c.undoableMoves ?? flow.undoableMoves,
        c.undoableMoves !== undefined ? `${p.path}.undoableMoves` : 'flow.undoableMoves',
        `${to}.moves`,
        false,
      );
      if (mt) pe.push({ key: 'moves', node: mt, path: `${to}.moves` });
      const guarded = entry && guardedPhases.has(p.name);
      if (isFn(c.endPhaseIf)) {
        const info = fnInfo(c.endPhaseIf);
        b.note(
          'info',
          'endPhaseIf',
          `${p.path}.endPhaseIf`,
          `${q(`${p.path}.endPhaseIf`)} is ${q(`${to}.endIf`)} since 0.33${info.returnsNext ? ' (returning `{ next }` still chooses the phase)' : ''}.`,
          `${to}.endIf`,
        );
        if (info.returnedStrings.length)
          b.note(
            'info',
            'endPhaseIf-next',
            `${p.path}.endPhaseIf`,
            `${q(`${p.path}.endPhaseIf`)} returns a phase name (≤0.26): it returns \`{ next: '${info.returnedStrings[0]}' }\` in 0.50.`,
            `${to}.endIf`,
          );
        const endIf = b.fn(c.endPhaseIf, 'trigger', `${p.path}.endPhaseIf`, `${to}.endIf`, { kind: 'endPhaseIf' });
        pe.push({ key: 'endIf', node: guarded ? { t: 'phaseEndIf', endIf, entry } : endIf, path: `${to}.endIf` });
        if (guarded) {
          const shared = guardedPhases.get(p.name)!;
          b.note(
            'decision',
            'endPhaseIf',
            `${p.path}.endPhaseIf`,
            `${q(`${p.path}.endPhaseIf`)} reads ${shared.map((f) => `\`G.${f}\``).join(', ')}, which \`onPhaseBegin\` sets: ≤0.32 ran \`onPhaseBegin\` before checking \`endPhaseIf\`, 0.33+ checks the new phase's \`endIf\` first (and ends the phase at once, or loops to no phase). The migrated config waits for \`onBegin\`; in the source, reset ${shared.length === 1 ? 'it' : 'them'} where the previous phase ends (its \`onEnd\` or the move that ends it), or make \`endIf\` true only once the phase has begun.`,
            `${to}.endIf`,
          );
        }
      }
      for (const [old, key] of [
        ['onPhaseBegin', 'onBegin'],
        ['onPhaseEnd', 'onEnd'],
      ] as const) {
        const hook = isFn(c[old]) ? b.fn(c[old], 'hook', `${p.path}.${old}`, `${to}.${key}`) : undefined;
        if (hook) b.note('info', old, `${p.path}.${old}`, `${q(`${p.path}.${old}`)} is ${q(`${to}.${key}`)} since 0.33.`, `${to}.${key}`);
        if (entry)
          pe.push({
            key,
            node: { t: 'phaseHook', which: key === 'onBegin' ? 'begin' : 'end', ...(hook ? { hook } : {}), entry },
            path: `${to}.${key}`,
          });
        else if (hook) pe.push({ key, node: hook, path: `${to}.${key}` });
      }
      const next = v26 ? phases[(i + 1) % phases.length].name : (nexts as Map<string, string | null>).get(p.name);
      if (next)
        pe.push({
          key: 'next',
          node:
            typeof c.next === 'string' && c.next === next ? { t: 'keep', value: next, from: `${p.path}.next` } : { t: 'lit', value: next },
          path: `${to}.next`,
        });
      if (TURN_KEYS.some((k) => c[k] !== undefined)) {
        const merged = Object.fromEntries(TURN_KEYS.map((k) => [k, c[k] !== undefined ? c[k] : flow[k]]));
        const phaseTurn = planTurn(b, merged, (key) => (c[key] !== undefined ? `${p.path}.${key}` : `flow.${key}`), `${to}.turn`, true);
        pe.push({ key: 'turn', node: phaseTurn, path: `${to}.turn` });
      }
      phaseEntries.push({ key: p.name, node: { t: 'obj', entries: pe }, path: to });
    });
    entries.push({ key: 'phases', node: { t: 'obj', entries: phaseEntries }, path: 'phases' });
  }
  // The global moves are the no-phase state's; a game that never gets there does not need them.
  const everyPhaseHasMoves =
    phases.length > 0 && phases.every((p) => p.name === 'default' || (p.config.allowedMoves ?? flow.allowedMoves) != null);
  const nullPhaseReachable = !phases.length || (v26 ? false : reachesNoPhase(flow, phases, nextsOf, moves));
  if (globalMoves && !(everyPhaseHasMoves && !nullPhaseReachable))
    entries.splice(movesAt, 0, { key: 'moves', node: globalMoves, path: 'moves' });
  else if (globalMoves)
    b.note(
      'info',
      'allowedMoves',
      'moves',
      'The top-level `moves` are only offered in the no-phase state (the implicit `default` phase), which this game never reaches; each phase lists its own moves, so they are left out.',
    );

  // endGameIf: top-level, or per phase.
  const phaseEnds = phases.filter((p) => isFn(p.config.endGameIf));
  const globalEnd = isFn(flow.endGameIf) ? b.fn(flow.endGameIf, 'trigger', 'flow.endGameIf', 'endIf') : undefined;
  if (globalEnd) b.note('info', 'endGameIf', 'flow.endGameIf', '`flow.endGameIf` is the top-level `endIf` since 0.33.', 'endIf');
  if (phaseEnds.length) {
    for (const p of phaseEnds)
      b.note(
        'info',
        'endGameIf',
        `${p.path}.endGameIf`,
        `${q(`${p.path}.endGameIf`)}: 0.50 has one game \`endIf\`; it calls this one while in phase \`${p.name}\`.`,
        'endIf',
      );
    const byPhase: [string, Node][] = phaseEnds.map((p) => [p.name, b.fn(p.config.endGameIf, 'trigger', `${p.path}.endGameIf`, 'endIf')]);
    entries.push({ key: 'endIf', node: { t: 'endGameSwitch', byPhase, ...(globalEnd ? { fallback: globalEnd } : {}) }, path: 'endIf' });
  } else if (globalEnd) entries.push({ key: 'endIf', node: globalEnd, path: 'endIf' });

  // Events the legacy client offered.
  const events: Entry[] = [];
  if (flow.endTurn === false) events.push({ key: 'endTurn', node: { t: 'lit', value: false }, path: 'events.endTurn' });
  if (flow.endPhase === false) events.push({ key: 'endPhase', node: { t: 'lit', value: false }, path: 'events.endPhase' });
  if (flow.endGame !== true) events.push({ key: 'endGame', node: { t: 'lit', value: false }, path: 'events.endGame' });
  if (flow.setActionPlayers !== true)
    events.push({ key: 'setActivePlayers', node: { t: 'lit', value: false }, path: 'events.setActivePlayers' });
  if (events.length) {
    entries.push({ key: 'events', node: { t: 'obj', entries: events }, path: 'events' });
    b.note(
      'info',
      'flow-events',
      'flow',
      `The legacy client offered ${flow.endGame === true ? '' : 'no `endGame` (unless `flow.endGame: true`)'}${flow.endGame !== true && flow.setActionPlayers !== true ? ' and ' : ''}${flow.setActionPlayers !== true ? 'no `setActionPlayers` (unless `flow.setActionPlayers: true`)' : ''}${flow.endTurn === false || flow.endPhase === false ? ', and the flags turned some events off' : ''}: \`events\` keeps the client's choice (0.50 offers every event by default).`,
      'events',
    );
  }
  return { t: 'obj', entries };
}

/** `turn` from the legacy turn keys (`movesPerTurn`, `endTurnIf`, `onTurnBegin`…, `turnOrder`). */
function planTurn(
  b: Builder,
  keys: Record<string, any>,
  from: (key: string) => string,
  to: string,
  hasPhases: boolean,
): Node & { t: 'obj' } {
  const entries: Entry[] = [];
  const v26 = b.era === 'flow-0.26';
  let pending: PendingActionPlayers | null = null;
  const order = keys.turnOrder;
  const orderFrom = from('turnOrder');
  const ref = (name: string, group: 'TurnOrder' | 'ActivePlayers'): Node => ({
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
  let activePlayers: Node | null = null;
  if (order === undefined || order === null) {
    if (hasPhases) {
      entries.push({ key: 'order', node: ref('CONTINUE', 'TurnOrder'), path: `${to}.order` });
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
      entries.push({ key: 'order', node: ref('CONTINUE', 'TurnOrder'), path: `${to}.order` });
      b.note(
        'info',
        'TurnOrder-preset',
        orderFrom,
        `\`TurnOrder.DEFAULT\` (≤0.32: a phase begins with the player who was playing) is \`TurnOrder.CONTINUE\` in 0.50 (0.50's \`DEFAULT\` starts a new phase with the next player).`,
        `${to}.order`,
      );
    } else if (name === 'ONCE') {
      entries.push({ key: 'order', node: ref('ONCE', 'TurnOrder'), path: `${to}.order` });
    } else if (name === 'ANY' && preset?.release === '0.26') {
      entries.push({ key: 'order', node: ref('CONTINUE', 'TurnOrder'), path: `${to}.order` });
      activePlayers = ref('ALL', 'ActivePlayers');
      b.note(
        'info',
        'TurnOrder.ANY',
        orderFrom,
        '`TurnOrder.ANY` (0.26: every player may move, the turn passes round robin) is `order: TurnOrder.CONTINUE` with `activePlayers: ActivePlayers.ALL` in 0.50.',
        `${to}.activePlayers`,
      );
    } else if (name === 'ANY' || name === 'ANY_ONCE' || name === 'OTHERS' || name === 'OTHERS_ONCE') {
      entries.push({ key: 'order', node: stay(), path: `${to}.order` });
      activePlayers = ref(name === 'ANY' ? 'ALL' : name === 'ANY_ONCE' ? 'ALL_ONCE' : name, 'ActivePlayers');
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
    } else if (order && typeof order === 'object') {
      const o = order as Record<string, any>;
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
          activePlayers = ref(`${section.all ? 'ALL' : 'OTHERS'}${section.once ? '_ONCE' : ''}`, 'ActivePlayers');
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
      entries.push({ key: 'order', node: { t: 'obj', entries: orderEntries }, path: `${to}.order` });
    }
  }
  if (activePlayers) entries.push({ key: 'activePlayers', node: activePlayers, path: `${to}.activePlayers` });
  if (typeof keys.movesPerTurn === 'number' && keys.movesPerTurn > 0) {
    const mf = from('movesPerTurn');
    b.note(
      'info',
      'movesPerTurn',
      mf,
      `${q(mf)}: ${keys.movesPerTurn} is \`minMoves\` and \`maxMoves\` since 0.48 (it ended the turn after that many moves and refused \`endTurn\` before).`,
      `${to}.minMoves`,
    );
    entries.push(
      { key: 'minMoves', node: { t: 'lit', value: keys.movesPerTurn }, path: `${to}.minMoves` },
      { key: 'maxMoves', node: { t: 'lit', value: keys.movesPerTurn }, path: `${to}.maxMoves` },
    );
  }
  if (isFn(keys.endTurnIf)) {
    const f = from('endTurnIf');
    const info = fnInfo(keys.endTurnIf);
    b.note(
      'info',
      'endTurnIf',
      f,
      `${q(f)} is ${q(`${to}.endIf`)} since 0.33${info.returnsNext ? ' (returning `{ next }` still chooses the next player)' : ''}.`,
      `${to}.endIf`,
    );
    if (info.returnedStrings.length)
      b.note(
        'info',
        'endTurnIf-player',
        f,
        `${q(f)} returns a playerID (≤0.26): it returns \`{ next: '${info.returnedStrings[0]}' }\` in 0.50 (0.27–0.32 already needed \`{ next }\`).`,
        `${to}.endIf`,
      );
    entries.push({ key: 'endIf', node: b.fn(keys.endTurnIf, 'trigger', f, `${to}.endIf`, { kind: 'endTurnIf' }), path: `${to}.endIf` });
  }
  const hook = (old: 'onTurnBegin' | 'onTurnEnd' | 'onMove', key: string): Node | undefined => {
    if (!isFn(keys[old])) return undefined;
    const f = from(old);
    b.note('info', old, f, `${q(f)} is ${q(`${to}.${key}`)} since 0.33.`, `${to}.${key}`);
    return b.fn(keys[old], old === 'onMove' ? 'onMove' : 'hook', f, `${to}.${key}`);
  };
  const onBegin = hook('onTurnBegin', 'onBegin');
  const endIfEntry = entries.find((e) => e.key === 'endIf');
  const recheck = b.entry && hasPhases && endIfEntry ? { entry: b.entry, endIf: endIfEntry.node } : undefined;
  if (recheck) {
    const f = from('endTurnIf');
    b.note(
      'info',
      'endTurnIf',
      f,
      `${q(f)}: ≤0.32 also checked \`endTurnIf\` right after a phase change (so a phase's first turn could end at once); 0.50 checks \`turn.endIf\` only after moves and stage changes, so the migrated config checks it in \`turn.onBegin\` of a phase's first turn.`,
      `${to}.onBegin`,
    );
    b.note(
      'decision',
      'endTurnIf',
      f,
      `${q(f)} was also checked right after a phase changed (≤0.32), which 0.50 does not do: if the new phase's first turn must end at once, call \`events.endTurn(…)\` in that phase's \`turn.onBegin\` (the migrated config does).`,
      `${to}.endIf`,
    );
  }
  if (pending || recheck)
    entries.push({
      key: 'onBegin',
      node: { t: 'turnBegin', ...(onBegin ? { hook: onBegin } : {}), ...(pending ? { pending } : {}), ...(recheck ? { recheck } : {}) },
      path: `${to}.onBegin`,
    });
  else if (onBegin) entries.push({ key: 'onBegin', node: onBegin, path: `${to}.onBegin` });
  const onEnd = hook('onTurnEnd', 'onEnd');
  if (onEnd) entries.push({ key: 'onEnd', node: onEnd, path: `${to}.onEnd` });
  const onMove = hook('onMove', 'onMove');
  if (onMove) entries.push({ key: 'onMove', node: onMove, path: `${to}.onMove` });
  return { t: 'obj', entries };
}

/**
 * The `next` of each phase in 0.27–0.32, where a phase without `next` went back to the phase it
 * was entered from (`prevPhase`; at first the implicit `default` phase). Known when every way into
 * the phase comes from one place; otherwise a decision note.
 */
function previousPhases(
  flow: Record<string, any>,
  phases: { path: string; name: string; config: Record<string, any> }[],
  specMoves: Record<string, unknown>,
  b: Builder,
): Map<string, string | null> {
  const names = phases.map((p) => p.name);
  const into = new Map<string, Set<string>>(names.map((n) => [n, new Set<string>()]));
  into.set('default', new Set());
  const edge = (from: string, to: string) => {
    if (into.has(to)) into.get(to)!.add(from);
  };
  const start = typeof flow.startingPhase === 'string' && names.includes(flow.startingPhase) ? flow.startingPhase : 'default';
  edge('default', start);
  let dynamic: string | null = null;
  // Targets named by endPhaseIf `{ next }` and by endPhase({ next }) calls in the code that runs in each phase.
  const targetsOf = (fn: unknown, where: string): string[] => {
    if (!isFn(fn)) return [];
    const info = fnInfo(fn);
    const out: string[] = [];
    for (const call of info.events) {
      if (call.event !== 'endPhase') continue;
      if (call.nextLiteral !== undefined) out.push(call.nextLiteral);
      else if (call.literal !== undefined) out.push(call.literal);
      else if (call.objectArg || call.computed) dynamic ??= where;
    }
    return out;
  };
  const allMoves = Object.keys(specMoves);
  for (const p of phases) {
    if (typeof p.config.next === 'string') edge(p.name, p.config.next);
    const endIf = p.config.endPhaseIf;
    if (isFn(endIf)) {
      const info = fnInfo(endIf);
      for (const target of nextLiterals(info.source)) edge(p.name, target);
      if (info.returnsNext && !nextLiterals(info.source).length) dynamic ??= `${p.path}.endPhaseIf`;
    }
    const code = [
      p.config.onPhaseBegin,
      p.config.onPhaseEnd,
      p.config.onTurnBegin ?? flow.onTurnBegin,
      p.config.onTurnEnd ?? flow.onTurnEnd,
      p.config.onMove ?? flow.onMove,
    ];
    for (const fn of code) for (const target of targetsOf(fn, p.path)) edge(p.name, target);
    // Moves run in every phase that allows them.
    const allowed = p.config.allowedMoves ?? flow.allowedMoves;
    const names = Array.isArray(allowed) ? allowed : allMoves;
    for (const name of names) for (const target of targetsOf(specMoves[name], `moves.${name}`)) edge(p.name, target);
  }
  // Returning phases: a phase without `next` goes back to any phase it can be entered from.
  for (let changed = true; changed;) {
    changed = false;
    for (const p of phases) {
      if (typeof p.config.next === 'string') continue;
      for (const back of [...into.get(p.name)!]) {
        const set = into.get(back);
        if (set && !set.has(p.name)) {
          set.add(p.name);
          changed = true;
        }
      }
    }
  }
  const out = new Map<string, string | null>();
  for (const p of phases) {
    if (typeof p.config.next === 'string') {
      out.set(p.name, p.config.next === 'default' ? null : p.config.next);
      if (p.config.next === 'default')
        b.note(
          'info',
          'default-phase',
          `${p.path}.next`,
          `\`next: 'default'\`: the \`default\` phase is the no-phase state in 0.50 (no \`next\`).`,
          `phases.${p.name}`,
        );
      continue;
    }
    const from = [...into.get(p.name)!];
    if (dynamic) {
      out.set(p.name, null);
      b.note(
        'decision',
        'default-phase',
        p.path,
        `Phase \`${p.name}\` has no \`next\`: in 0.27–0.32 ending it went back to the phase it was entered from, but ${q(dynamic)} chooses phases at run time, so Flowscope cannot tell which; 0.50 goes to no phase: set \`next\` (or call \`setPhase\`).`,
        `phases.${p.name}`,
      );
    } else if (from.length === 1) {
      const back = from[0];
      out.set(p.name, back === 'default' ? null : back);
      b.note(
        'info',
        'default-phase',
        p.path,
        back === 'default'
          ? `Phase \`${p.name}\` has no \`next\`: in 0.27–0.32 ending it went back to the implicit \`default\` phase, which is the no-phase state in 0.50 (the same so far); but ending \`default\` then went back to \`${p.name}\`, while in 0.50 the game stays in no phase (\`endPhase\` there only passes the turn): call \`setPhase('${p.name}')\` where the game should come back.`
          : `Phase \`${p.name}\` has no \`next\`: in 0.27–0.32 ending it went back to the phase it was entered from, always \`${back}\` here, so it gets \`next: '${back}'\` (0.50 would go to no phase).`,
        `phases.${p.name}`,
      );
    } else {
      out.set(p.name, null);
      b.note(
        'decision',
        'default-phase',
        p.path,
        `Phase \`${p.name}\` has no \`next\`: in 0.27–0.32 ending it went back to the phase it was entered from, which can be ${from.map((f) => `\`${f}\``).join(' or ')} here; 0.50 needs one \`next\` (a function of \`G\` can choose) or a \`setPhase\` call; without it the game goes to no phase.`,
        `phases.${p.name}`,
      );
    }
  }
  return out;
}

/** Phase names in `next: '…'` properties of a function's source. */
function nextLiterals(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/[{,]\s*next\s*:\s*(['"`])([^'"`]*)\1/g)) out.push(m[2]);
  return out;
}

/** Whether a 0.27–0.32 game can reach the implicit `default` phase (0.50's no-phase state). */
function reachesNoPhase(
  flow: Record<string, any>,
  phases: { name: string; config: Record<string, any> }[],
  nexts: Map<string, string | null> | null,
  moves: Record<string, unknown>,
): boolean {
  const names = phases.map((p) => p.name);
  if (typeof flow.startingPhase !== 'string' || !names.includes(flow.startingPhase)) return true;
  if (phases.some((p) => p.name !== 'default' && (nexts?.get(p.name) ?? null) === null)) return true;
  const code = [
    ...[flow, ...phases.map((p) => p.config)].flatMap((c) => [
      c.endPhaseIf,
      c.onPhaseBegin,
      c.onPhaseEnd,
      c.onTurnBegin,
      c.onTurnEnd,
      c.onMove,
    ]),
    ...Object.values(moves),
  ];
  for (const fn of code) {
    if (!isFn(fn)) continue;
    const info = fnInfo(fn);
    if (
      nextLiterals(info.source).includes('default') ||
      info.events.some((e) => e.event === 'endPhase' && (e.nextLiteral === 'default' || e.literal === 'default'))
    )
      return true;
  }
  return false;
}

/** Fields of `G` that `writer` sets (`G.x = …`, `G.x++`, `{ ...G, x: … }`) and `reader` reads (`G.x`). */
function sharedFields(writer: Fn, reader: Fn): string[] {
  const w = fnInfo(writer);
  const r = fnInfo(reader);
  const g = w.gName ?? 'G';
  const esc = (name: string) => name.replace(/\$/g, '\\$');
  const written = new Set<string>();
  for (const m of w.source.matchAll(new RegExp(`(?<![\\w$.])${esc(g)}\\.([\\w$]+)\\s*(?:=(?!=)|\\+\\+|--|[-+*/]=)`, 'g')))
    written.add(m[1]);
  if (new RegExp(`\\.\\.\\.\\s*${esc(g)}\\b`).test(w.source)) for (const m of w.source.matchAll(/[{,]\s*([\w$]+)\s*:/g)) written.add(m[1]);
  const rg = r.gName ?? 'G';
  const read = new Set<string>();
  for (const m of r.source.matchAll(new RegExp(`(?<![\\w$.])${esc(rg)}\\.([\\w$]+)`, 'g'))) read.add(m[1]);
  return [...written].filter((f) => read.has(f));
}
