/* eslint-disable @typescript-eslint/no-explicit-any -- XState 4's machine and interpreter types are generic over a context and events this chart does not have. */
import { createMachine, type StateNodeConfig } from 'xstate';
import { GAMEOVER, type ChartModel } from './model';

/** Events that move the actor: one per phase, per player slot, and game over. */
export const phaseEvent = (key: string) => `PHASE.${key}`;
export const slotEvent = (player: string, slot: string) => `SLOT.${player}.${slot}`;
export const GAMEOVER_EVENT = 'GAMEOVER';

// State ids avoid the names users choose: XState splits targets on '.'.
const phaseId = (i: number) => `phase-${i}`;
const slotId = (i: number, player: string, j: string) => `phase-${i}-player-${player}-${j}`;

type Config = StateNodeConfig<unknown, any, any>;

/**
 * The XState v4 definition of a chart: `<phase> → turn → <player> → active | waiting | stage:<name>`
 * (players as parallel regions), plus `gameover`. Flow edges from the config are kept as
 * transitions on their phase (events `flow.<kind>.<target>`) so visualisers draw them; the
 * session drives the actor with the PHASE/SLOT/GAMEOVER events.
 */
export function chartMachineConfig(model: ChartModel): Config {
  const states: Record<string, Config> = {};
  const rootOn: Record<string, string> = { [GAMEOVER_EVENT]: `#${GAMEOVER}` };
  model.phases.forEach((phase, i) => {
    rootOn[phaseEvent(phase.key)] = `#${phaseId(i)}`;
    const regions: Record<string, Config> = {};
    for (const player of model.players) {
      const slots: Record<string, Config> = { active: { id: slotId(i, player, 'active') }, waiting: { id: slotId(i, player, 'waiting') } };
      const on: Record<string, string> = {
        [slotEvent(player, 'active')]: `#${slotId(i, player, 'active')}`,
        [slotEvent(player, 'waiting')]: `#${slotId(i, player, 'waiting')}`,
      };
      phase.turn.stages.forEach((stage, j) => {
        const id = slotId(i, player, `stage-${j}`);
        slots[`stage:${stage.name}`] = { id, meta: { stage: stage.name, moves: stage.moves, next: stage.next, declared: stage.declared } };
        on[slotEvent(player, `stage:${stage.name}`)] = `#${id}`;
      });
      regions[player] = { initial: 'waiting', on, states: slots };
    }
    const flowOn: Record<string, string> = {};
    for (const e of model.edges) {
      if (e.source !== phase.key || e.kind === 'turn' || e.kind === 'stage-next' || e.kind === 'start') continue;
      const target = e.target === GAMEOVER ? `#${GAMEOVER}` : `#${phaseId(model.phases.findIndex((p) => p.key === e.target))}`;
      flowOn[`flow.${e.kind}.${e.target}`] = target;
    }
    states[phase.key] = {
      id: phaseId(i),
      initial: 'turn',
      on: flowOn,
      meta: { phase: phase.name, declared: phase.declared, moves: phase.moves, hooks: phase.hooks, endIf: phase.endIf },
      states: {
        turn: {
          type: 'parallel',
          meta: { order: phase.turn.order.label, minMoves: phase.turn.minMoves, maxMoves: phase.turn.maxMoves, path: phase.turn.path },
          states: regions,
        },
      },
    };
  });
  states[GAMEOVER] = { id: GAMEOVER };
  return { id: 'flowscope', initial: model.startPhase, on: rootOn, states };
}

export function createChartMachine(model: ChartModel) {
  return createMachine({ ...(chartMachineConfig(model) as any), predictableActionArguments: true });
}
