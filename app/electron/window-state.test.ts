import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempDirWith } from '../testing/temp-dir';
import { addRecent, DEFAULT_WINDOW_STATE, loadWindowState, saveWindowState } from './window-state';

describe('window state', () => {
  it('round-trips size, position, layout, theme and recent files', () => {
    const file = path.join(tempDirWith({}), 'nested', 'state.json');
    const state = {
      width: 1200,
      height: 800,
      x: 10,
      y: 20,
      maximized: true,
      panels: { log: false, controls: true, inspector: true },
      theme: 'light' as const,
      recent: ['/a.ts'],
    };
    saveWindowState(file, state);
    expect(loadWindowState(file)).toEqual(state);
  });
  it('falls back to defaults for a missing or corrupt file, and for bad fields', () => {
    const dir = tempDirWith({
      'bad.json': '{ not json',
      'odd.json': JSON.stringify({ width: -5, height: 'big', theme: 'neon', recent: [1, '/x.ts'] }),
    });
    expect(loadWindowState(path.join(dir, 'none.json'))).toEqual(DEFAULT_WINDOW_STATE);
    expect(loadWindowState(path.join(dir, 'bad.json'))).toEqual(DEFAULT_WINDOW_STATE);
    expect(loadWindowState(path.join(dir, 'odd.json'))).toMatchObject({ width: 1440, height: 900, theme: 'dark', recent: ['/x.ts'] });
    writeFileSync(path.join(dir, 'null.json'), 'null');
    expect(loadWindowState(path.join(dir, 'null.json')).width).toBe(1440);
  });
  it('keeps recent files unique, newest first, ten at most', () => {
    let recent: string[] = [];
    for (let i = 0; i < 12; i++) recent = addRecent(recent, `/g${i}.ts`);
    recent = addRecent(recent, '/g5.ts');
    expect(recent[0]).toBe('/g5.ts');
    expect(recent).toHaveLength(10);
    expect(new Set(recent).size).toBe(10);
  });
});
