/* eslint-disable @typescript-eslint/no-explicit-any -- configs written for releases 0.26 to 0.49 are read as data of whatever shape their authors gave them. */
/** 0.50's `turn` from the legacy turn keys (`movesPerTurn`, `endTurnIf`, `onTurnBegin`…, `turnOrder`). */
import { fnInfo } from '../analysis/config-functions';
import type { Builder } from './builder';
import { q } from './notes';
import { isFn, type Entry, type Node } from './plan-tree';
import { planTurnOrder } from './turn-order';

/** The legacy keys a turn is made of, in `flow` or in a phase. */
export const TURN_KEYS = ['movesPerTurn', 'endTurnIf', 'onTurnBegin', 'onTurnEnd', 'onMove', 'turnOrder'] as const;

/** `turn` at `to` from the legacy turn keys in `keys`, each written at `from(key)`. */
export function planTurn(
  b: Builder,
  keys: Record<string, any>,
  from: (key: string) => string,
  to: string,
  hasPhases: boolean,
): Node & { t: 'obj' } {
  const entries: Entry[] = [];
  const { order, activePlayers, pending } = planTurnOrder(b, keys.turnOrder, from('turnOrder'), to, hasPhases);
  if (order) entries.push({ key: 'order', node: order, path: `${to}.order` });
  if (activePlayers) entries.push({ key: 'activePlayers', node: activePlayers, path: `${to}.activePlayers` });
  entries.push(...movesPerTurn(b, keys, from, to));
  const endIf = turnEndIf(b, keys, from, to);
  if (endIf) entries.push(endIf);
  const hook = (old: 'onTurnBegin' | 'onTurnEnd' | 'onMove', key: string): Node | undefined => {
    if (!isFn(keys[old])) return undefined;
    const f = from(old);
    b.note('info', old, f, `${q(f)} is ${q(`${to}.${key}`)} since 0.33.`, `${to}.${key}`);
    return b.fn(keys[old], old === 'onMove' ? 'onMove' : 'hook', f, `${to}.${key}`);
  };
  const onBegin = hook('onTurnBegin', 'onBegin');
  const recheck = b.entry && hasPhases && endIf ? { entry: b.entry, endIf: endIf.node } : undefined;
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

/** `movesPerTurn` (≤0.47) as `minMoves` and `maxMoves`. */
function movesPerTurn(b: Builder, keys: Record<string, any>, from: (key: string) => string, to: string): Entry[] {
  if (typeof keys.movesPerTurn !== 'number' || keys.movesPerTurn <= 0) return [];
  const mf = from('movesPerTurn');
  b.note(
    'info',
    'movesPerTurn',
    mf,
    `${q(mf)}: ${keys.movesPerTurn} is \`minMoves\` and \`maxMoves\` since 0.48 (it ended the turn after that many moves and refused \`endTurn\` before).`,
    `${to}.minMoves`,
  );
  return [
    { key: 'minMoves', node: { t: 'lit', value: keys.movesPerTurn }, path: `${to}.minMoves` },
    { key: 'maxMoves', node: { t: 'lit', value: keys.movesPerTurn }, path: `${to}.maxMoves` },
  ];
}

/** `endTurnIf` as `turn.endIf`, with what changed in what it returns. */
function turnEndIf(b: Builder, keys: Record<string, any>, from: (key: string) => string, to: string): Entry | null {
  if (!isFn(keys.endTurnIf)) return null;
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
  return { key: 'endIf', node: b.fn(keys.endTurnIf, 'trigger', f, `${to}.endIf`, { kind: 'endTurnIf' }), path: `${to}.endIf` };
}
