import type { ChartEdge } from '../../../engine/host/protocol';
import type { GameoverBox, PhaseBox, StageBox, TurnBox } from './geometry';
import type { ChartPhase, ChartStage } from '../../../engine/host/protocol';

export interface Point {
  x: number;
  y: number;
}

interface NodeBase {
  id: string;
  /** The containing node, when nested (positions are then relative to it). */
  parent?: string;
  x: number;
  y: number;
  /** Position in the whole chart. */
  abs: Point;
  width: number;
  height: number;
}

export type LaidNode =
  | (NodeBase & { type: 'phase'; phase: ChartPhase; box: PhaseBox; collapsed: boolean })
  | (NodeBase & { type: 'turn'; phase: ChartPhase; box: TurnBox; turnEdge?: ChartEdge })
  | (NodeBase & { type: 'stage'; phase: ChartPhase; stage: ChartStage; box: StageBox })
  | (NodeBase & { type: 'gameover'; box: GameoverBox })
  | (NodeBase & { type: 'start' });

export interface LabelChip {
  edge: ChartEdge;
  text: string;
  width: number;
}

/** One drawn route: one or more model edges between the same two nodes, sharing a path. */
export interface LaidEdge {
  id: string;
  source: string;
  target: string;
  level: 'phase' | 'stage';
  edges: ChartEdge[];
  /** The label's chips, one per model edge (the start edge has none). */
  chips: LabelChip[];
  /** The polyline, in chart coordinates, ending at the target. */
  points: Point[];
  /** Centre of the label, in chart coordinates. */
  label: Point | null;
  /** Drawn only while taken (the game's endIf from every phase is summarised on the gameover node). */
  latent: boolean;
}

export interface ChartLayout {
  key: string;
  /** Parents before children. */
  nodes: LaidNode[];
  edges: LaidEdge[];
  width: number;
  height: number;
  rows: number;
  /** Phase keys shown by their header alone (semantic zoom: see use-chart-layout.ts). */
  collapsed: string[];
}
