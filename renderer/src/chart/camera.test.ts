import { describe, expect, it } from 'vitest';
import { cameraTarget, LEGIBLE_ZOOM, minZoomFor, MIN_ZOOM, type CameraInput } from './camera';

const panel = { width: 700, height: 400 };
const input = (over: Partial<CameraInput>): CameraInput => ({
  panel,
  chart: { x: 0, y: 0, width: 600, height: 300 },
  nodes: [{ x: 10, y: 10, width: 580, height: 280 }],
  overlays: [],
  phase: { x: 10, y: 10, width: 580, height: 280 },
  players: null,
  current: null,
  ...over,
});
const onScreen = (r: { x: number; y: number; width: number; height: number }, v: { x: number; y: number; zoom: number }) =>
  r.x * v.zoom + v.x >= 0 &&
  r.y * v.zoom + v.y >= 0 &&
  (r.x + r.width) * v.zoom + v.x <= panel.width &&
  (r.y + r.height) * v.zoom + v.y <= panel.height;

describe('the chart camera', () => {
  it('shows the whole chart when its titles stay readable that way', () => {
    const v = cameraTarget(input({}));
    expect(v.zoom).toBeGreaterThan(1);
    expect(onScreen({ x: 10, y: 10, width: 580, height: 280 }, v)).toBe(true);
  });

  const big = { x: 0, y: 0, width: 3000, height: 1200 };
  const bigNodes = [
    { x: 0, y: 0, width: 1000, height: 600 },
    { x: 1200, y: 0, width: 600, height: 300 },
    { x: 2000, y: 800, width: 1000, height: 400 },
  ];

  it('otherwise shows the active phase at a readable zoom, and the active players first when it cannot show both', () => {
    const players = { x: 900, y: 500, width: 80, height: 60 };
    const v = cameraTarget(input({ chart: big, nodes: bigNodes, phase: bigNodes[0], players }));
    expect(v.zoom).toBeGreaterThanOrEqual(LEGIBLE_ZOOM);
    expect(onScreen(players, v)).toBe(true);
  });

  it('stays still while the phase and the players are in view, and pans by the least to bring them back', () => {
    const phase = bigNodes[1];
    const players = { x: 1250, y: 100, width: 60, height: 40 };
    const first = cameraTarget(input({ chart: big, nodes: bigNodes, phase, players }));
    expect(onScreen(phase, first)).toBe(true);
    const again = cameraTarget(input({ chart: big, nodes: bigNodes, phase, players: { ...players, x: 1500 }, current: first }));
    expect(again).toEqual(first);
    // The step moves to another phase, out of view: the camera pans there at the same zoom.
    const moved = cameraTarget(
      input({ chart: big, nodes: bigNodes, phase: bigNodes[0], players: { x: 100, y: 100, width: 40, height: 40 }, current: first }),
    );
    expect(moved.zoom).toBe(first.zoom);
    expect(onScreen({ x: 100, y: 100, width: 40, height: 40 }, moved)).toBe(true);
  });

  it('lets the user zoom out as far as the whole chart, and no further than small text needs', () => {
    expect(minZoomFor({ x: 0, y: 0, zoom: 1.2 })).toBe(MIN_ZOOM);
    expect(minZoomFor({ x: 0, y: 0, zoom: 0.3 })).toBeCloseTo(0.285);
  });
});
