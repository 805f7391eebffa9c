/**
 * The sizes of every chart node, computed before layout from the model and the number of players.
 * Headers are flows of items rendered in a box of exactly `block.width`, so they wrap the same
 * way here and in the DOM whatever width the node ends up with. Token wells (lanes, stage wells)
 * are positioned here too, and token placement uses the same numbers.
 */
import type { ChartPhase, ChartStage, ChartTurn } from '../../../engine/host/protocol';
import type { FontRole, Measure } from './measure';

export const TOKEN = 22;
export const TOKEN_GAP = 4;
export const PITCH = TOKEN + TOKEN_GAP;
export const ITEM_H = 18;
export const ITEM_GAP = 4;
const CHIP_EXTRA = 12;

export const PHASE_PAD = 10;
export const TURN_PAD = 8;
export const STAGE_PAD = 7;
export const LANE_LABEL = 52;
export const LANE_GAP = 3;
export const WELL_PAD = 3;
export const START_SIZE = 16;

export type ItemKind = 'name' | 'move' | 'badge' | 'tag' | 'muted' | 'order' | 'info';

export interface Item {
  text: string;
  role: FontRole;
  kind: ItemKind;
  title?: string;
}

/** A rectangle that holds tokens, relative to its node, with how many tokens fit in a row. */
export interface Well {
  x: number;
  y: number;
  width: number;
  height: number;
  perRow: number;
}

/** A wrapped flow of items: rendered at exactly `width`, it is `height` tall. */
export interface Block {
  items: Item[];
  width: number;
  height: number;
}

export interface PhaseBox {
  block: Block;
  /** Where the turn starts (the header's height). */
  header: number;
  minWidth: number;
  minHeight: number;
}

export interface TurnBox {
  block: Block;
  lanes: { active: Well; waiting: Well };
  /** Where stages start. */
  top: number;
  /** The size without stages. */
  width: number;
  height: number;
}

export interface StageBox {
  block: Block;
  well: Well;
  width: number;
  height: number;
}

export interface GameoverBox {
  block: Block;
  well: Well;
  width: number;
  height: number;
}

export const itemWidth = (item: Item, measure: Measure) => measure(item.text, item.role) + (item.kind === 'name' ? 0 : CHIP_EXTRA);

/** Rows that flex-wrap (gap ITEM_GAP) makes of these widths in `max`, and the one-row width. */
export function flowRows(widths: number[], max: number): { rows: number; natural: number } {
  let rows = widths.length ? 1 : 0;
  let line = 0;
  for (const w of widths) {
    const next = line === 0 ? w : line + ITEM_GAP + w;
    if (line > 0 && next > max) {
      rows++;
      line = w;
    } else line = next;
  }
  const natural = widths.reduce((s, w, i) => s + w + (i ? ITEM_GAP : 0), 0);
  return { rows, natural };
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
const tokensHeight = (rows: number) => rows * PITCH - TOKEN_GAP;

/** Lays `items` out in a block between `min` and `max` wide (never narrower than its widest item). */
export function flowBlock(items: Item[], min: number, max: number, measure: Measure): Block {
  const widths = items.map((i) => itemWidth(i, measure));
  const natural = flowRows(widths, Infinity).natural;
  const width = Math.ceil(Math.max(clamp(natural, min, max), ...widths) + 0.5);
  const { rows } = flowRows(widths, width);
  return { items, width, height: rows ? rows * ITEM_H + (rows - 1) * ITEM_GAP : 0 };
}

const moveItems = (moves: string[] | null, none: string): Item[] =>
  moves === null
    ? [{ text: none, role: 'label', kind: 'muted' }]
    : moves.length
      ? moves.map((m) => ({ text: m, role: 'chip', kind: 'move' }))
      : [{ text: 'no moves', role: 'label', kind: 'muted' }];

export const phaseLabel = (phase: ChartPhase) => phase.name ?? 'no phase';

export function phaseItems(phase: ChartPhase): Item[] {
  const items: Item[] = [{ text: phaseLabel(phase), role: 'title', kind: 'name' }];
  if (!phase.declared)
    items.push({ text: 'undeclared', role: 'small', kind: 'tag', title: 'not declared in the config: named in code or seen at run time' });
  if (phase.hooks.onBegin) items.push({ text: 'onBegin', role: 'small', kind: 'badge', title: `phases.${phase.key}.onBegin` });
  if (phase.hooks.onEnd) items.push({ text: 'onEnd', role: 'small', kind: 'badge', title: `phases.${phase.key}.onEnd` });
  if (phase.endIf) items.push({ text: 'endIf', role: 'small', kind: 'badge', title: `phases.${phase.key}.endIf` });
  return [...items, ...moveItems(phase.moves, 'global moves')];
}

/** `inner`: the width the phase's content is known to have (its turn, laid out with its stages). */
export function phaseBox(phase: ChartPhase, measure: Measure, inner = 0): PhaseBox {
  const block = flowBlock(phaseItems(phase), 150, Math.max(250, inner), measure);
  const header = 8 + block.height + 8;
  return { block, header, minWidth: block.width + 2 * PHASE_PAD, minHeight: header + PHASE_PAD };
}

/** What a collapsed phase still says about its turn: how many stages it holds, or its turn order. */
export function collapsedSummary(phase: ChartPhase): string {
  const n = phase.turn.stages.length;
  return n ? `▸ ${n} stage${n === 1 ? '' : 's'}` : '▸';
}

/** A phase shown by its header alone (its turn and stages folded away), with what it folds. */
export function collapsedPhaseBox(phase: ChartPhase, measure: Measure): PhaseBox {
  const items = phaseItems(phase).filter((i) => i.kind === 'name' || i.kind === 'tag');
  items.push({ text: collapsedSummary(phase), role: 'label', kind: 'muted', title: 'folded: click to show its turn and stages' });
  const block = flowBlock(items, 60, 180, measure);
  const header = 8 + block.height + 8;
  return { block, header, minWidth: block.width + 2 * PHASE_PAD, minHeight: header };
}

export function movesRange(turn: ChartTurn): string | null {
  const { minMoves: lo, maxMoves: hi } = turn;
  if (lo !== undefined && hi !== undefined) return lo === hi ? `${lo} move${lo === 1 ? '' : 's'}` : `${lo}–${hi} moves`;
  if (lo !== undefined) return `at least ${lo} move${lo === 1 ? '' : 's'}`;
  if (hi !== undefined) return `at most ${hi} move${hi === 1 ? '' : 's'}`;
  return null;
}

export function turnItems(turn: ChartTurn): Item[] {
  const items: Item[] = [{ text: `↻ ${turn.order.label}`, role: 'chip', kind: 'order', title: 'the turn passes (turn order)' }];
  const range = movesRange(turn);
  if (range) items.push({ text: range, role: 'label', kind: 'info', title: 'minMoves / maxMoves' });
  if (turn.activePlayersLabel) items.push({ text: turn.activePlayersLabel, role: 'chip', kind: 'info', title: 'turn.activePlayers' });
  if (turn.endIf) items.push({ text: 'endIf', role: 'small', kind: 'badge', title: `${turn.path}.endIf` });
  if (turn.hooks.onBegin) items.push({ text: 'onBegin', role: 'small', kind: 'badge', title: `${turn.path}.onBegin` });
  if (turn.hooks.onEnd) items.push({ text: 'onEnd', role: 'small', kind: 'badge', title: `${turn.path}.onEnd` });
  if (turn.hooks.onMove) items.push({ text: 'onMove', role: 'small', kind: 'badge', title: `${turn.path}.onMove` });
  return items;
}

/** The lanes' width: a lane label and a row of tokens. */
export function laneWidth(players: number): number {
  return LANE_LABEL + clamp(players, 1, 8) * PITCH - TOKEN_GAP + 2 * WELL_PAD;
}

/** `inner`: the width the turn is known to have (laid out with its stages), for its header to use. */
export function turnBox(turn: ChartTurn, players: number, measure: Measure, inner = 0): TurnBox {
  const perRow = clamp(players, 1, 8);
  const rows = Math.ceil(Math.max(players, 1) / perRow);
  const wellW = perRow * PITCH - TOKEN_GAP;
  const laneW = LANE_LABEL + wellW + 2 * WELL_PAD;
  const block = flowBlock(turnItems(turn), laneW, Math.max(laneW, 232, inner), measure);
  const headerH = 6 + block.height + 6;
  const laneH = tokensHeight(rows) + 2 * WELL_PAD;
  const lane = (i: number): Well => ({
    x: TURN_PAD + LANE_LABEL + WELL_PAD,
    y: headerH + i * (laneH + LANE_GAP) + WELL_PAD,
    width: wellW,
    height: tokensHeight(rows),
    perRow,
  });
  const lanesBottom = headerH + 2 * laneH + LANE_GAP;
  return {
    block,
    lanes: { active: lane(0), waiting: lane(1) },
    top: lanesBottom + 10,
    width: block.width + 2 * TURN_PAD,
    height: lanesBottom + TURN_PAD,
  };
}

/** The height of a lane around its well. */
export const laneHeight = (well: Well) => well.height + 2 * WELL_PAD;

export function stageItems(stage: ChartStage): Item[] {
  const items: Item[] = [{ text: stage.name, role: 'title', kind: 'name' }];
  if (!stage.declared)
    items.push({ text: 'undeclared', role: 'small', kind: 'tag', title: 'not declared in the config: seen at run time' });
  return [...items, ...moveItems(stage.moves, 'no moves of its own')];
}

export function stageBox(stage: ChartStage, players: number, measure: Measure): StageBox {
  const tokensMin = Math.min(Math.max(players, 1), 5) * PITCH - TOKEN_GAP;
  const block = flowBlock(stageItems(stage), Math.max(tokensMin, 100), Math.max(tokensMin, 210), measure);
  const perRow = Math.max(1, Math.floor((block.width + TOKEN_GAP) / PITCH));
  const rows = Math.ceil(Math.max(players, 1) / perRow);
  const wellY = STAGE_PAD + block.height + 6;
  const well: Well = { x: STAGE_PAD, y: wellY, width: block.width, height: tokensHeight(rows), perRow };
  return { block, well, width: block.width + 2 * STAGE_PAD, height: wellY + well.height + STAGE_PAD };
}

export function gameoverBox(players: number, note: string | null, measure: Measure): GameoverBox {
  const perRow = clamp(players, 1, 4);
  const rows = Math.ceil(Math.max(players, 1) / perRow);
  const wellW = perRow * PITCH - TOKEN_GAP;
  const items: Item[] = [{ text: 'game over', role: 'title', kind: 'name' }];
  if (note) items.push({ text: note, role: 'label', kind: 'muted', title: 'the game’s endIf is checked in every phase' });
  const block = flowBlock(items, wellW, Math.max(wellW, 150), measure);
  const wellY = STAGE_PAD + block.height + 6;
  const well: Well = { x: STAGE_PAD, y: wellY, width: block.width, height: tokensHeight(rows), perRow };
  return { block, well, width: block.width + 2 * STAGE_PAD, height: wellY + well.height + STAGE_PAD };
}
