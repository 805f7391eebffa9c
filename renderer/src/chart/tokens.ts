/**
 * Where each player's token goes: one token per player, in a well of its slot (a turn's active
 * or waiting lane, a stage, or gameover), laid out in rows in player order. Pure.
 */
import { slotName, type TokenSlot } from './chart-state';
import { PITCH } from './geometry';
import type { ChartLayout, Point } from './layout-types';

export interface WellRef {
  x: number;
  y: number;
  perRow: number;
}

export interface PlacedToken {
  player: string;
  /** `data-slot`: `<phaseKey>/<slot>`. */
  slot: string;
  x: number;
  y: number;
}

const wellKey = (phase: string, slot: string) => `${phase}\u0000${slot}`;

/** Every well of the layout in chart coordinates, by phase and slot. */
export function slotWells(layout: ChartLayout): Map<string, WellRef> {
  const wells = new Map<string, WellRef>();
  const at = (abs: Point, w: { x: number; y: number; perRow: number }): WellRef => ({ x: abs.x + w.x, y: abs.y + w.y, perRow: w.perRow });
  for (const n of layout.nodes) {
    if (n.type === 'turn') {
      wells.set(wellKey(n.phase.key, 'active'), at(n.abs, n.box.lanes.active));
      wells.set(wellKey(n.phase.key, 'waiting'), at(n.abs, n.box.lanes.waiting));
    } else if (n.type === 'stage') wells.set(wellKey(n.phase.key, `stage:${n.stage.name}`), at(n.abs, n.box.well));
    else if (n.type === 'gameover') wells.set(wellKey('gameover', 'none'), at(n.abs, n.box.well));
  }
  return wells;
}

/**
 * Places the tokens of `slots` (in its order). A stage the layout does not have yet (the model
 * just grew) falls back to the phase's active lane; a phase it does not have places nothing.
 */
export function placeTokens(wells: Map<string, WellRef>, slots: Map<string, TokenSlot>): PlacedToken[] {
  const used = new Map<string, number>();
  const placed: PlacedToken[] = [];
  for (const [player, s] of slots) {
    let key = wellKey(s.phase, s.slot);
    if (!wells.has(key)) key = wellKey(s.phase, 'active');
    const well = wells.get(key);
    if (!well) continue;
    const i = used.get(key) ?? 0;
    used.set(key, i + 1);
    placed.push({ player, slot: slotName(s), x: well.x + (i % well.perRow) * PITCH, y: well.y + Math.floor(i / well.perRow) * PITCH });
  }
  return placed;
}
