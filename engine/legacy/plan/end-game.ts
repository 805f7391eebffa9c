/* eslint-disable @typescript-eslint/no-explicit-any -- configs written for releases 0.26 to 0.49 are read as data of whatever shape their authors gave them. */
/** `endGameIf`, top-level or per phase (≤0.32), as 0.50's one game `endIf`. */
import type { FlowPhase } from '../analysis/config-functions';
import type { Builder } from './builder';
import { q } from './notes';
import { isFn, type Entry, type Node } from './plan-tree';

/** The game's `endIf`: `flow.endGameIf`, or a switch on the phase where phases have their own. */
export function planEndGame(b: Builder, flow: Record<string, any>, phases: FlowPhase[]): Entry | null {
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
    return { key: 'endIf', node: { t: 'endGameSwitch', byPhase, ...(globalEnd ? { fallback: globalEnd } : {}) }, path: 'endIf' };
  }
  return globalEnd ? { key: 'endIf', node: globalEnd, path: 'endIf' } : null;
}
