/**
 * Conversion time of a synthetic config of 40 phases with 10 stages each: the chart model
 * (normalise + edges) and the XState machine (definition + createMachine + a started actor),
 * for 4 and 7 players. As a yardstick measured in the same run: boardgame.io creating the same
 * game (`InitializeGame`). Layout is the renderer's and is not measured here.
 */
import { performance } from 'node:perf_hooks';
import { InitializeGame } from 'boardgame.io/dist/cjs/internal.js';
import { bgio050, ChartActor, chartOf, createChartMachine } from '../engine';
import { withConsoleTo } from '../engine/runtime/console-capture';

export function syntheticConfig(phaseCount = 40, stageCount = 10): Record<string, any> {
  const phases: Record<string, any> = {};
  for (let p = 0; p < phaseCount; p++) {
    const stages: Record<string, any> = {};
    for (let s = 0; s < stageCount; s++) stages[`s${s}`] = { moves: { [`m${p}_${s}`]: () => undefined }, next: `s${(s + 1) % stageCount}` };
    phases[`p${p}`] = {
      start: p === 0,
      next: p % 3 === 0 ? ({ G }: any) => (G.x ? `p${(p + 1) % phaseCount}` : `p${(p + 2) % phaseCount}`) : `p${(p + 1) % phaseCount}`,
      endIf: () => false,
      moves: { [`go${p}`]: ({ events }: any) => events.setPhase(`p${(p + 5) % phaseCount}`) },
      turn: { minMoves: 1, maxMoves: 3, stages },
    };
  }
  return { name: 'synthetic', setup: () => ({ x: 0 }), phases };
}

function time(fn: () => void, rounds = 20): number {
  fn();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b)[Math.floor(rounds / 2)];
}

const config = syntheticConfig();
for (const players of [4, 7]) {
  const model = time(() => void chartOf(config, players, bgio050));
  const m = chartOf(config, players, bgio050);
  const machine = time(() => void createChartMachine(m));
  const actor = time(() => new ChartActor(chartOf(config, players, bgio050)).stop());
  const init = time(() => void withConsoleTo(null, () => InitializeGame({ game: { ...syntheticConfig() }, numPlayers: players })));
  const states = m.phases.reduce((n, p) => n + 2 + players * (2 + p.turn.stages.length), 1);
  console.log(`40 phases × 10 stages, ${players} players (${m.edges.length} edges, ${states} XState states):`);
  console.log(`  chart model:                  ${model.toFixed(2)} ms`);
  console.log(`  XState machine:               ${machine.toFixed(2)} ms`);
  console.log(`  model + machine + started actor: ${actor.toFixed(2)} ms`);
  console.log(
    `  boardgame.io InitializeGame:  ${init.toFixed(2)} ms  (conversion with actor = ${(actor / init).toFixed(1)}x creating the game)`,
  );
}
