import { describe, expect, it } from 'vitest';
import type { FlowCtx } from '../../../engine/host/protocol';
import { playerStatus } from './players';

describe('a player once the game is over', () => {
  // What boardgame.io 0.50 leaves after endGame is called from a move in stage `main` of a phase.
  const ended = {
    phase: null,
    turn: 1,
    currentPlayer: '0',
    playOrder: ['0', '1'],
    playOrderPos: 0,
    activePlayers: { 0: 'main' },
    numMoves: 1,
    gameover: { winner: '0' },
  } as unknown as FlowCtx;

  it('is in no stage and may not act, whatever activePlayers still says', () => {
    expect(playerStatus(ended, '0')).toEqual({ id: '0', current: true, active: false, stage: undefined });
    expect(playerStatus(ended, '1')).toEqual({ id: '1', current: false, active: false, stage: undefined });
  });
});
