import { describe, expect, it } from 'vitest';
import type { GameConfig } from '../types';
import { diagnoseUndeclaredMove } from './diagnostics';

const move = (name: string) => ({ type: 'move' as const, name, args: [], playerID: '0' });

describe('undeclared-move', () => {
  it('is said for a name no moves map declares (boardgame.io ran an inherited property)', () => {
    const config = { moves: { play: () => undefined } } as unknown as GameConfig;
    expect(diagnoseUndeclaredMove(config, move('toString'), true).map((d) => d.code)).toEqual(['undeclared-move']);
    expect(diagnoseUndeclaredMove(config, move('play'), true)).toEqual([]);
  });

  it("reads a 0.26-0.32 game's own move list: Game() of 0.26 keeps moveNames and no moves", () => {
    const processed = { moveNames: ['play', 'passToThree'], flow: {} } as unknown as GameConfig;
    expect(diagnoseUndeclaredMove(processed, move('passToThree'), true)).toEqual([]);
    expect(diagnoseUndeclaredMove(processed, move('toString'), true).map((d) => d.code)).toEqual(['undeclared-move']);
  });
});
