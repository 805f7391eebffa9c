/**
 * The ELK graph of a chart model: every phase is a compound node holding its turn, and a turn
 * with stages is a compound node holding them (with the stage-next edges). ELK's layered
 * algorithm places the turn and stages inside each phase and routes the stage edges; the phases
 * themselves are then arranged in rows by arrange.ts (ELK's own wrapping mishandles back edges).
 */
import type { ElkExtendedEdge, ElkNode, LayoutOptions } from 'elkjs/lib/elk-api';
import type { ChartEdge, ChartModel, ChartPhase, ChartStage } from '../../../engine/host/protocol';
import { laneWidth, PHASE_PAD, phaseBox, stageBox, TURN_PAD, turnBox, type PhaseBox, type StageBox, type TurnBox } from './geometry';
import type { Measure } from './measure';

export const GAMEOVER_ID = 'gameover';
export const START_ID = 'start';
export const phaseId = (key: string) => `phase:${key}`;
export const turnId = (key: string) => `turn:${key}`;
export const stageId = (key: string, stage: string) => `stage:${key}/${stage}`;

export type NodeMeta =
  | { kind: 'phase'; phase: ChartPhase; box: PhaseBox }
  | { kind: 'turn'; phase: ChartPhase; box: TurnBox }
  | { kind: 'stage'; phase: ChartPhase; stage: ChartStage; box: StageBox };

export interface ElkChart {
  graph: ElkNode;
  meta: Map<string, NodeMeta>;
}

/** Edge kinds between phases (everything but the turn self-edge and stage-next). */
export const isPhaseEdge = (e: ChartEdge) => e.kind !== 'turn' && e.kind !== 'stage-next';

export function edgeText(e: ChartEdge): string {
  if (e.kind === 'start') return 'start';
  if (e.kind === 'stage-next') return 'next';
  return e.label;
}

/** Identifies the layout of a model: what changes node sizes or the graph, nothing that only restyles. */
export function layoutKey(model: ChartModel): string {
  return JSON.stringify([
    model.game,
    model.players.length,
    model.startPhase,
    model.phases.map((p) => [
      p.key,
      p.declared,
      p.moves,
      p.hooks,
      p.endIf,
      p.turn.order.label,
      p.turn.minMoves,
      p.turn.maxMoves,
      p.turn.activePlayersLabel,
      p.turn.endIf,
      p.turn.hooks,
      p.turn.stages.map((s) => [s.name, s.moves, s.declared]),
    ]),
    model.edges.filter((e) => e.kind !== 'turn').map((e) => [e.id, e.fn, edgeText(e)]),
  ]);
}

const TURN_OPTIONS: LayoutOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.spacing.nodeNode': '12',
  'elk.spacing.edgeNode': '8',
  'elk.spacing.edgeEdge': '8',
  'elk.spacing.edgeLabel': '2',
  'elk.spacing.componentComponent': '12',
  'elk.layered.spacing.nodeNodeBetweenLayers': '22',
  'elk.layered.spacing.edgeNodeBetweenLayers': '8',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
  'elk.aspectRatio': '2.2',
};

export const LABEL_H = 18;
export const labelWidth = (text: string, measure: Measure) => measure(text, 'label') + 12;

const sizeOptions = (width: number, height: number): LayoutOptions => ({
  'elk.nodeSize.constraints': 'MINIMUM_SIZE',
  'elk.nodeSize.minimum': `(${width},${height})`,
});

/** A turn's stages and stage-next edges as ELK nodes. */
function stagesOf(
  model: ChartModel,
  phase: ChartPhase,
  measure: Measure,
  meta?: Map<string, NodeMeta>,
): { children: ElkNode[]; edges: ElkExtendedEdge[] } {
  const key = phase.key;
  const stages = phase.turn.stages;
  const children = stages.map((stage) => {
    const box = stageBox(stage, model.players.length, measure);
    meta?.set(stageId(key, stage.name), { kind: 'stage', phase, stage, box });
    return { id: stageId(key, stage.name), width: box.width, height: box.height };
  });
  const names = new Set(stages.map((s) => s.name));
  const edges = model.edges
    .filter((e) => e.kind === 'stage-next' && e.phase === key && names.has(e.source) && names.has(e.target))
    .map((e) => ({ id: e.id, sources: [stageId(key, e.source)], targets: [stageId(key, e.target)] }));
  return { children, edges };
}

/**
 * First pass: every turn that has stages, laid out alone, to learn its width before sizing the
 * headers above it (they wrap to that width). The stages' layout does not depend on the headers.
 */
export function buildStagesGraph(model: ChartModel, measure: Measure): ElkNode {
  const lanes = laneWidth(model.players.length) + 2 * TURN_PAD;
  const children = model.phases
    .filter((p) => p.turn.stages.length)
    .map((p) => ({
      id: turnId(p.key),
      ...stagesOf(model, p, measure),
      layoutOptions: {
        ...TURN_OPTIONS,
        ...sizeOptions(lanes, 0),
        'elk.padding': `[top=0,left=${TURN_PAD},bottom=${TURN_PAD},right=${TURN_PAD}]`,
      },
    }));
  return { id: 'root', layoutOptions: { 'elk.algorithm': 'layered', 'elk.hierarchyHandling': 'SEPARATE_CHILDREN' }, children, edges: [] };
}

/** Turn widths from the first pass, by turn id. */
export const turnWidths = (pass: ElkNode) => new Map((pass.children ?? []).map((c) => [c.id, c.width ?? 0]));

/** Builds the ELK graph for `model`: root → phases → turn → stages (`widths`: from the first pass). */
export function buildElkGraph(model: ChartModel, measure: Measure, widths: Map<string, number> = new Map()): ElkChart {
  const meta = new Map<string, NodeMeta>();
  const players = model.players.length;

  const phases: ElkNode[] = model.phases.map((phase) => {
    const key = phase.key;
    const known = widths.get(turnId(key)) ?? 0;
    const tBox = turnBox(phase.turn, players, measure, Math.max(0, known - 2 * TURN_PAD));
    const pBox = phaseBox(phase, measure, Math.max(known, tBox.width));
    meta.set(phaseId(key), { kind: 'phase', phase, box: pBox });
    meta.set(turnId(key), { kind: 'turn', phase, box: tBox });
    const { children: stageNodes, edges: stageEdges } = stagesOf(model, phase, measure, meta);
    const turn: ElkNode = stageNodes.length
      ? {
          id: turnId(key),
          children: stageNodes,
          edges: stageEdges,
          layoutOptions: {
            ...TURN_OPTIONS,
            ...sizeOptions(tBox.width, tBox.height),
            'elk.padding': `[top=${tBox.top},left=${TURN_PAD},bottom=${TURN_PAD},right=${TURN_PAD}]`,
          },
        }
      : { id: turnId(key), width: tBox.width, height: tBox.height };
    return {
      id: phaseId(key),
      children: [turn],
      layoutOptions: {
        'elk.algorithm': 'layered',
        ...sizeOptions(pBox.minWidth, pBox.minHeight),
        'elk.padding': `[top=${pBox.header},left=${PHASE_PAD},bottom=${PHASE_PAD},right=${PHASE_PAD}]`,
      },
    };
  });

  const graph: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'SEPARATE_CHILDREN',
      'elk.json.edgeCoords': 'CONTAINER',
    },
    children: phases,
    edges: [],
  };
  return { graph, meta };
}

/** Both ELK passes with `run` (the worker, or ELK itself in tests). */
export async function layOutWithElk(
  model: ChartModel,
  measure: Measure,
  run: (graph: ElkNode) => Promise<ElkNode>,
): Promise<{ chart: ElkChart; result: ElkNode }> {
  const first = buildStagesGraph(model, measure);
  const widths = first.children?.length ? turnWidths(await run(first)) : new Map<string, number>();
  const chart = buildElkGraph(model, measure, widths);
  return { chart, result: await run(chart.graph) };
}
