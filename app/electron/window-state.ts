import { mkdirSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../files/write-atomic';
import path from 'node:path';

export interface WindowState {
  width: number;
  height: number;
  x?: number;
  y?: number;
  maximized: boolean;
  panels: { log: boolean; controls: boolean; inspector: boolean };
  theme: 'light' | 'dark';
  recent: string[];
}

export const DEFAULT_WINDOW_STATE: WindowState = {
  width: 1440,
  height: 900,
  maximized: false,
  panels: { log: true, controls: true, inspector: true },
  theme: 'dark',
  recent: [],
};

const MAX_RECENT = 10;

/** The saved window size, layout and recent files; defaults for anything missing or malformed. */
export function loadWindowState(file: string): WindowState {
  let saved: Partial<WindowState> = {};
  try {
    saved = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return { ...DEFAULT_WINDOW_STATE };
  }
  if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return { ...DEFAULT_WINDOW_STATE };
  const num = (v: unknown, min: number, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v >= min ? v : fallback);
  return {
    width: num(saved.width, 400, DEFAULT_WINDOW_STATE.width),
    height: num(saved.height, 300, DEFAULT_WINDOW_STATE.height),
    ...(typeof saved.x === 'number' && typeof saved.y === 'number' ? { x: saved.x, y: saved.y } : {}),
    maximized: saved.maximized === true,
    panels: { ...DEFAULT_WINDOW_STATE.panels, ...(typeof saved.panels === 'object' && saved.panels ? saved.panels : {}) },
    theme: saved.theme === 'light' ? 'light' : 'dark',
    recent: Array.isArray(saved.recent) ? saved.recent.filter((f): f is string => typeof f === 'string').slice(0, MAX_RECENT) : [],
  };
}

export function saveWindowState(file: string, state: WindowState): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomic(file, JSON.stringify(state, null, 2));
}

/** `file` first, no duplicates, at most ten. */
export function addRecent(recent: readonly string[], file: string): string[] {
  return [file, ...recent.filter((f) => f !== file)].slice(0, MAX_RECENT);
}
