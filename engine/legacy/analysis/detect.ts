/* eslint-disable @typescript-eslint/no-explicit-any -- configs written for releases 0.26 to 0.49 are read as data of whatever shape their authors gave them. */
import { isLegacySignature } from '../../lint/rules/legacy-signature';
import type { GameConfig } from '../../types';
import { collectFunctions, flowPhases, fnInfo, GONE_CTX_FIELDS, inferEra, MOVED_OFF_CTX, type Role } from './config-functions';
import { legacyPresetOf } from './turn-order-presets';
import { readLegacy } from './read-legacy';
import type { LegacyFeature, LegacyFinding, LegacyOptions } from './types';

/** The release that changed or removed each feature. */
export const CHANGED_IN: Record<LegacyFeature, string> = {
  'game-wrapper': '0.33',
  flow: '0.33',
  startingPhase: '0.33',
  allowedMoves: '0.33',
  endPhaseIf: '0.33',
  'endPhaseIf-next': '0.27',
  onPhaseBegin: '0.33',
  onPhaseEnd: '0.33',
  endTurnIf: '0.33',
  'endTurnIf-player': '0.27',
  'endTurnIf-next': '0.33',
  endGameIf: '0.33',
  onTurnBegin: '0.33',
  onTurnEnd: '0.33',
  onMove: '0.33',
  movesPerTurn: '0.33',
  moveLimit: '0.48',
  turnOrder: '0.33',
  'turnOrder-position-object': '0.27',
  'turnOrder-actionPlayers': '0.33',
  'TurnOrder.ANY': '0.33',
  'TurnOrder-preset': '0.33',
  actionPlayers: '0.33',
  changeActionPlayers: '0.25',
  setActionPlayers: '0.33',
  'endPhase-next': '0.33',
  'endTurn-player': '0.27',
  'default-phase': '0.33',
  'phases-array': '0.27',
  'g-ctx-signature': '0.50',
  'ctx.events': '0.50',
  'ctx.random': '0.50',
  'ctx.playerID': '0.50',
  'ctx.log': '0.50',
  'legacy-ctx-field': '0.33',
  undoableMoves: '0.33',
  redactedMoves: '0.33',
  optimisticUpdate: '0.33',
  'flow-events': '0.33',
  'legacy-plugins': '0.38',
};

const q = (s: string) => `\`${s}\``;
const isFn = (v: unknown): v is (...args: any[]) => unknown => typeof v === 'function';
const lintKind = (role: Role) => (role === 'onMove' ? 'hook' : role === 'allowedMoves' || role === 'playOrder' ? 'trigger' : role);

/**
 * Which legacy boardgame.io features `config` uses, each with its config path: the `flow`
 * section (of a `Game()` result recorded by `recordingGame`, or a plain spec), every pre-0.33
 * key, the pre-0.27 forms (`endTurn('3')`, phases as an array, `{ playOrderPos, actionPlayers }`),
 * the implicit `default` phase, and functions written `(G, ctx)` (with what they read from `ctx`).
 */
export function detectLegacy(config: GameConfig, options: LegacyOptions = {}): LegacyFinding[] {
  const input = readLegacy(config ?? {});
  const spec = input.spec;
  const era = inferEra(spec, { ...options, release: options.release ?? input.release }, input.wrapped);
  const out: LegacyFinding[] = [];
  const seen = new Set<string>();
  const add = (feature: LegacyFeature, path: string, message: string) => {
    const key = `${feature}|${path}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ feature, path, message, changedIn: CHANGED_IN[feature] });
  };

  if (input.wrapped) {
    add(
      'game-wrapper',
      '',
      input.readable
        ? 'The config is wrapped in `Game({ … })` (≤0.32); since 0.33 a game is a plain object.'
        : 'This is a `Game()` result (≤0.32) whose `flow` section became a reducer: its phases and flow hooks cannot be read back.',
    );
  }
  const flowEra = era === 'flow-0.26' || era === 'flow-0.32';
  if (flowEra) detectFlow(spec, era, options, add);
  else detectModern(spec, add);

  for (const f of collectFunctions(spec, era)) {
    const info = f.info;
    const positional =
      flowEra || era === 'g-ctx'
        ? info.shape?.params[0]?.kind !== 'pattern' && (info.shape?.params.length ?? 0) > 0
        : isLegacySignature(info.shape, lintKind(f.role));
    if (!positional) continue;
    const written = `(${info.shape!.params.map((p) => (p.kind === 'identifier' ? p.name : p.text)).join(', ')})`;
    add(
      'g-ctx-signature',
      f.path,
      `${q(f.path)} is written ${written}: boardgame.io 0.50 calls it with one context object \`{ G, ctx, events, random, playerID, log }\`${f.role === 'move' ? ' (then the move arguments)' : ''}.`,
    );
    for (const member of MOVED_OFF_CTX) {
      if (!info.ctxMembers.has(member)) continue;
      add(
        `ctx.${member}` as LegacyFeature,
        f.path,
        `${q(f.path)} uses \`${info.ctxName}.${member}\`: it is \`${member}\` of the context object in 0.50 (\`ctx.${member}\` is undefined there).`,
      );
    }
    if (info.ctxMembers.has('actionPlayers'))
      add(
        'actionPlayers',
        f.path,
        `${q(f.path)} reads \`${info.ctxName}.actionPlayers\` (0.21–0.32): 0.50 has \`ctx.activePlayers\` (\`{ [playerID]: stage }\` or null).`,
      );
    const gone = GONE_CTX_FIELDS.filter((m) => info.ctxMembers.has(m));
    if (gone.length)
      add('legacy-ctx-field', f.path, `${q(f.path)} reads ${gone.map((m) => `\`ctx.${m}\``).join(', ')}, which 0.33+ does not have.`);
    if (flowEra && info.mentionsDefault)
      add(
        'default-phase',
        f.path,
        `${q(f.path)} compares with \`'default'\`, the implicit phase of ≤0.32 (\`ctx.phase === null\` in 0.50).`,
      );
    for (const call of info.events) {
      if (call.event === 'setActionPlayers' || call.event === 'changeActionPlayers') {
        add(
          call.event,
          f.path,
          `${q(f.path)} calls \`${call.event}\` (${call.event === 'changeActionPlayers' ? '0.21–0.24' : '0.25–0.32'}): it is \`setActivePlayers\` since 0.33.`,
        );
      } else if (call.event === 'endTurn' && call.literal !== undefined) {
        add(
          'endTurn-player',
          f.path,
          `${q(f.path)} calls \`endTurn('${call.literal}')\` (≤0.26): since 0.27 the next player is \`endTurn({ next: '${call.literal}' })\`.`,
        );
      } else if (call.event === 'endPhase' && (call.nextLiteral !== undefined || call.literal !== undefined || call.nextComputed)) {
        const shown =
          call.literal !== undefined ? `'${call.literal}'` : `{ next: ${call.nextLiteral !== undefined ? `'${call.nextLiteral}'` : '…'} }`;
        add(
          'endPhase-next',
          f.path,
          `${q(f.path)} calls \`endPhase(${shown})\`: since 0.33 \`endPhase()\` takes no argument and \`setPhase(name)\` chooses the phase.`,
        );
      }
    }
    if (/\bmoveLimit\s*:/.test(info.source) && info.events.some((c) => c.event === 'setActivePlayers' || c.event === 'setStage')) {
      add(
        'moveLimit',
        f.path,
        `${q(f.path)} passes \`moveLimit\` to \`setActivePlayers\`/\`setStage\`: deprecated since 0.48, where it means \`maxMoves\` only.`,
      );
    }
  }
  return out;
}

type Add = (feature: LegacyFeature, path: string, message: string) => void;

function detectFlow(spec: GameConfig, era: 'flow-0.26' | 'flow-0.32', options: LegacyOptions, add: Add): void {
  const flow = (spec.flow && typeof spec.flow === 'object' ? spec.flow : {}) as Record<string, any>;
  if (spec.flow) add('flow', 'flow', 'A `flow` section (≤0.32): its keys are top-level `endIf`, `turn`, `phases` and `events` since 0.33.');
  const phases = flowPhases(flow);
  if (Array.isArray(flow.phases))
    add(
      'phases-array',
      'flow.phases',
      `\`flow.phases\` is an array (≤0.26: ${phases.map((p) => `\`${p.name}\``).join(', ')}; ending a phase went to the next one in it): since 0.27 phases are an object map with \`next\`.`,
    );
  if (flow.startingPhase !== undefined)
    add(
      'startingPhase',
      'flow.startingPhase',
      `\`flow.startingPhase: '${flow.startingPhase}'\`: since 0.33 the phase has \`start: true\`.`,
    );
  if (era === 'flow-0.32' && phases.length) {
    if (flow.startingPhase === undefined)
      add(
        'default-phase',
        'flow',
        'No `startingPhase`: the game begins in the implicit `default` phase (≤0.32), the no-phase state in 0.50.',
      );
    for (const p of phases) {
      if (p.name === 'default')
        add(
          'default-phase',
          p.path,
          'A phase named `default`: 0.27–0.32 refused it and used an empty one; `default` was the implicit phase.',
        );
      else if (p.config.next === undefined)
        add(
          'default-phase',
          p.path,
          `Phase \`${p.name}\` has no \`next\`: in 0.27–0.32 ending it went back to the previous phase (\`default\` at first); since 0.33 it goes to no phase.`,
        );
      else if (p.config.next === 'default')
        add('default-phase', `${p.path}.next`, "`next: 'default'`: the implicit `default` phase is the no-phase state since 0.33.");
    }
  }
  for (const flag of ['endTurn', 'endPhase', 'endGame', 'setActionPlayers'] as const) {
    if (typeof flow[flag] === 'boolean')
      add(
        'flow-events',
        `flow.${flag}`,
        `\`flow.${flag}: ${flow[flag]}\` chose whether the client offers \`${flag}\`; since 0.33 it is \`events.${flag === 'setActionPlayers' ? 'setActivePlayers' : flag}\`.`,
      );
  }
  if (typeof flow.optimisticUpdate === 'function')
    add(
      'optimisticUpdate',
      'flow.optimisticUpdate',
      '`flow.optimisticUpdate`: since 0.33 each move says `client: false` in the long move form.',
    );
  if (Array.isArray(flow.redactedMoves))
    add('redactedMoves', 'flow.redactedMoves', '`flow.redactedMoves`: since 0.33 each move says `redact: true` in the long move form.');
  if (Array.isArray(spec.plugins) && spec.plugins.length)
    add('legacy-plugins', 'plugins', '`plugins` of ≤0.32 (`fnWrap`, `setup`): the plugin API changed in 0.38.');

  const levels: { path: string; c: Record<string, any>; phase?: string }[] = [
    { path: 'flow', c: flow },
    ...phases.map((p) => ({ path: p.path, c: p.config, phase: p.name })),
  ];
  for (const { path, c, phase } of levels) {
    const at = (key: string) => `${path}.${key}`;
    if (c.allowedMoves !== undefined && c.allowedMoves !== null)
      add(
        'allowedMoves',
        at('allowedMoves'),
        `${q(at('allowedMoves'))}${isFn(c.allowedMoves) ? ' (a function)' : ''}: since 0.33 ${phase ? `phase \`${phase}\`` : 'a phase'} lists its own \`moves\`.`,
      );
    if (Array.isArray(c.undoableMoves))
      add(
        'undoableMoves',
        at('undoableMoves'),
        `${q(at('undoableMoves'))}: since 0.33 each move says \`undoable: false\` in the long move form.`,
      );
    if (isFn(c.endPhaseIf)) {
      add('endPhaseIf', at('endPhaseIf'), `${q(at('endPhaseIf'))}: since 0.33 it is the phase's \`endIf\`.`);
      const info = fnInfo(c.endPhaseIf);
      if (info.returnsNext || info.returnedStrings.length)
        add(
          'endPhaseIf-next',
          at('endPhaseIf'),
          `${q(at('endPhaseIf'))} returns ${info.returnedStrings.length ? `a phase name ('${info.returnedStrings[0]}', ≤0.26)` : '`{ next }`'} to choose the next phase: 0.50's \`endIf\` returns \`{ next }\`.`,
        );
    }
    for (const key of ['onPhaseBegin', 'onPhaseEnd'] as const)
      if (isFn(c[key]))
        add(key, at(key), `${q(at(key))}: since 0.33 it is the phase's \`${key === 'onPhaseBegin' ? 'onBegin' : 'onEnd'}\`.`);
    if (isFn(c.endTurnIf)) {
      add('endTurnIf', at('endTurnIf'), `${q(at('endTurnIf'))}: since 0.33 it is \`turn.endIf\`.`);
      const info = fnInfo(c.endTurnIf);
      if (info.returnedStrings.length)
        add(
          'endTurnIf-player',
          at('endTurnIf'),
          `${q(at('endTurnIf'))} returns a playerID ('${info.returnedStrings[0]}', ≤0.26) to choose the next player: since 0.27 that is \`{ next: '${info.returnedStrings[0]}' }\`.`,
        );
      if (info.returnsNext)
        add('endTurnIf-next', at('endTurnIf'), `${q(at('endTurnIf'))} returns \`{ next }\` (0.27–0.32): \`turn.endIf\` still does.`);
    }
    if (isFn(c.endGameIf))
      add(
        'endGameIf',
        at('endGameIf'),
        `${q(at('endGameIf'))}: since 0.33 it is the game's \`endIf\`${phase ? ' (0.50 has no per-phase game end)' : ''}.`,
      );
    for (const key of ['onTurnBegin', 'onTurnEnd', 'onMove'] as const)
      if (isFn(c[key]))
        add(
          key,
          at(key),
          `${q(at(key))}: since 0.33 it is \`turn.${key === 'onMove' ? 'onMove' : key === 'onTurnBegin' ? 'onBegin' : 'onEnd'}\`.`,
        );
    if (c.movesPerTurn !== undefined)
      add(
        'movesPerTurn',
        at('movesPerTurn'),
        `${q(at('movesPerTurn'))}: renamed \`moveLimit\` in 0.33, \`minMoves\` + \`maxMoves\` since 0.48.`,
      );
    const order = c.turnOrder;
    if (order !== undefined) {
      add('turnOrder', at('turnOrder'), `${q(at('turnOrder'))}: since 0.33 it is \`turn.order\`.`);
      const preset = legacyPresetOf(order, options.turnOrders);
      if (preset?.name === 'ANY')
        add(
          'TurnOrder.ANY',
          at('turnOrder'),
          `\`TurnOrder.ANY\` (${preset.release === '0.26' ? '0.26: every player may move, the turn rotates' : '0.27–0.32: every player may move, the turn stays'}): since 0.33 it is a turn order plus \`turn.activePlayers: ActivePlayers.ALL\`.`,
        );
      else if (preset)
        add(
          'TurnOrder-preset',
          at('turnOrder'),
          `\`TurnOrder.${preset.name}\` of ≤0.32 (positional, ${preset.name === 'DEFAULT' ? 'a phase begins with the player who was playing' : 'legacy semantics'}).`,
        );
      if (order && typeof order === 'object') {
        for (const part of ['first', 'next'] as const) {
          if (isFn(order[part]) && fnInfo(order[part]).returnsPosition)
            add(
              'turnOrder-position-object',
              at(`turnOrder.${part}`),
              `${q(at(`turnOrder.${part}`))} returns \`{ playOrderPos, actionPlayers }\` (≤0.26): since 0.27 it returns the position.`,
            );
        }
        if (order.actionPlayers && typeof order.actionPlayers === 'object' && preset?.name !== 'ANY')
          add(
            'turnOrder-actionPlayers',
            at('turnOrder.actionPlayers'),
            `${q(at('turnOrder.actionPlayers'))} (0.27–0.32): since 0.33 it is \`turn.activePlayers\`.`,
          );
      }
    }
  }
}

function detectModern(spec: GameConfig, add: Add): void {
  const turns: [string, any][] = [
    ['turn', spec.turn],
    ...Object.entries((spec.phases ?? {}) as Record<string, any>).map(([n, p]) => [`phases.${n}.turn`, p?.turn] as [string, any]),
  ];
  for (const [path, turn] of turns) {
    if (turn && typeof turn === 'object' && typeof turn.moveLimit === 'number')
      add('moveLimit', `${path}.moveLimit`, `\`${path}.moveLimit\`: deprecated since 0.48, where it is \`minMoves\` + \`maxMoves\`.`);
  }
}
