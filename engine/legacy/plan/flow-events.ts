/* eslint-disable @typescript-eslint/no-explicit-any -- configs written for releases 0.26 to 0.49 are read as data of whatever shape their authors gave them. */
/** The events a legacy client offered: ≤0.32 offered no `endGame` or `setActionPlayers` unless asked; 0.50 offers every event. */
import type { Builder } from './builder';
import type { Entry } from './plan-tree';

/** 0.50's `events` entry keeping the legacy client's choice, or null when it is 0.50's default. */
export function planFlowEvents(b: Builder, flow: Record<string, any>): Entry | null {
  const events: Entry[] = [];
  if (flow.endTurn === false) events.push({ key: 'endTurn', node: { t: 'lit', value: false }, path: 'events.endTurn' });
  if (flow.endPhase === false) events.push({ key: 'endPhase', node: { t: 'lit', value: false }, path: 'events.endPhase' });
  if (flow.endGame !== true) events.push({ key: 'endGame', node: { t: 'lit', value: false }, path: 'events.endGame' });
  if (flow.setActionPlayers !== true)
    events.push({ key: 'setActivePlayers', node: { t: 'lit', value: false }, path: 'events.setActivePlayers' });
  if (!events.length) return null;
  b.note(
    'info',
    'flow-events',
    'flow',
    `The legacy client offered ${flow.endGame === true ? '' : 'no `endGame` (unless `flow.endGame: true`)'}${flow.endGame !== true && flow.setActionPlayers !== true ? ' and ' : ''}${flow.setActionPlayers !== true ? 'no `setActionPlayers` (unless `flow.setActionPlayers: true`)' : ''}${flow.endTurn === false || flow.endPhase === false ? ', and the flags turned some events off' : ''}: \`events\` keeps the client's choice (0.50 offers every event by default).`,
    'events',
  );
  return { key: 'events', node: { t: 'obj', entries: events }, path: 'events' };
}
