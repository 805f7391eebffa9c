import { GAMEOVER, type ChartModel, type ChartPhase } from './model';

const id = (...parts: string[]) => parts.map((p) => p.replace(/[^A-Za-z0-9]/g, '_')).join('__');
const text = (s: string) => s.replace(/"/g, "'").replace(/[#;]/g, ' ').replace(/\s+/g, ' ').trim();

function turnLabel(phase: ChartPhase): string {
  const t = phase.turn;
  const parts = [`turn: ${t.order.label}`];
  if (t.minMoves !== undefined) parts.push(`minMoves ${t.minMoves}`);
  if (t.maxMoves !== undefined) parts.push(`maxMoves ${t.maxMoves}`);
  if (t.activePlayersLabel) parts.push(`activePlayers ${t.activePlayersLabel}`);
  if (t.endIf) parts.push('endIf');
  return text(parts.join(', '));
}

function phaseLabel(phase: ChartPhase): string {
  const name = phase.name ?? 'no phase';
  const moves = phase.moves ? `moves: ${phase.moves.join(', ') || 'none'}` : 'global moves';
  return text(`${name} (${moves})${phase.declared ? '' : ' [undeclared]'}`);
}

/**
 * A Mermaid `stateDiagram-v2` of the chart (renders in GitHub Markdown): phases containing their
 * turn, turns containing their stages, and every edge labelled with where it comes from.
 * Dynamic edges (a function decides) say so; undeclared states are dashed.
 */
export function chartToMermaid(model: ChartModel): string {
  const out = ['stateDiagram-v2', '    direction LR', `    classDef undeclared stroke-dasharray: 5 5`];
  const undeclared: string[] = [];
  for (const phase of model.phases) {
    const pid = id('phase', phase.key);
    const tid = id('turn', phase.key);
    out.push(`    state "${phaseLabel(phase)}" as ${pid}`);
    out.push(`    state "${turnLabel(phase)}" as ${tid}`);
    if (!phase.declared) undeclared.push(pid);
    out.push(`    state ${pid} {`);
    if (phase.turn.stages.length === 0) out.push(`        [*] --> ${tid}`);
    else {
      out.push(`        [*] --> ${tid}`, `        state ${tid} {`);
      for (const stage of phase.turn.stages) {
        const sid = id('stage', phase.key, stage.name);
        const moves = stage.moves ? `moves: ${stage.moves.join(', ') || 'none'}` : 'no moves of its own';
        out.push(`            state "stage ${text(stage.name)} (${text(moves)})${stage.declared ? '' : ' [undeclared]'}" as ${sid}`);
        if (!stage.declared) undeclared.push(sid);
      }
      for (const e of model.edges.filter((x) => x.kind === 'stage-next' && x.phase === phase.key)) {
        out.push(`            ${id('stage', phase.key, e.source)} --> ${id('stage', phase.key, e.target)} : next`);
      }
      out.push('        }');
    }
    const turn = model.edges.find((e) => e.kind === 'turn' && e.phase === phase.key);
    if (turn) out.push(`        ${tid} --> ${tid} : turn passes`);
    out.push('    }');
  }
  out.push(`    state "game over" as ${id(GAMEOVER)}`);
  for (const e of model.edges) {
    if (e.kind === 'turn' || e.kind === 'stage-next') continue;
    const from = e.source === '[*]' ? '[*]' : id('phase', e.source);
    const to = e.target === GAMEOVER ? id(GAMEOVER) : id('phase', e.target);
    const label = e.kind === 'start' ? '' : ` : ${text(e.label)}${e.dynamic && !e.observed ? ' (possible)' : ''}`;
    out.push(`    ${from} --> ${to}${label}`);
  }
  if (undeclared.length) out.push(`    class ${undeclared.join(', ')} undeclared`);
  return out.join('\n') + '\n';
}
