import { describe, expect, it } from 'vitest';
import type { FlowCtx } from '../../../engine/host/protocol';
import { followingActor, mayAct } from './who-acts';

const players = ['0', '1', '2', '3'];
const ctx = (patch: Partial<FlowCtx>): FlowCtx =>
  ({
    numPlayers: 4,
    turn: 1,
    currentPlayer: '0',
    playOrder: players,
    playOrderPos: 0,
    phase: 'play',
    activePlayers: null,
    ...patch,
  }) as FlowCtx;

describe('whom the controls act as after a step', () => {
  it('a reaction (BANG!): the player in the stage, though the current player is another', () => {
    expect(followingActor(ctx({ activePlayers: { '1': 'respondToBang' } }), '0', players)).toBe('1');
  });
  it('control comes back: the current player once nobody is in a stage', () => {
    expect(followingActor(ctx({ currentPlayer: '0' }), '1', players)).toBe('0');
  });
  it('a choice the user made sticks while that player may still act', () => {
    const all = ctx({ activePlayers: { '0': 'chooseCard', '1': 'chooseCard', '2': 'chooseCard' } });
    expect(followingActor(all, '2', players)).toBe('2');
    // Player 2 picked and left the stage: the first one still in it.
    expect(followingActor(ctx({ activePlayers: { '1': 'chooseCard', '3': 'chooseCard' } }), '2', players)).toBe('1');
  });
  it('active players are taken in seat order, not in the order the game wrote them', () => {
    expect(followingActor(ctx({ activePlayers: { '3': 'x', '2': 'y' } }), '0', players)).toBe('2');
  });
  it('keeps the choice at game over and when nobody may act', () => {
    expect(followingActor(ctx({ gameover: { winner: '1' } }), '3', players)).toBe('3');
    expect(followingActor(ctx({ activePlayers: {} }), '3', players)).toBe('3');
  });
  it('mayAct reads activePlayers first, then currentPlayer', () => {
    expect(mayAct(ctx({ activePlayers: { '1': null as unknown as string } }), '1')).toBe(true);
    expect(mayAct(ctx({ activePlayers: { '1': 'x' } }), '0')).toBe(false);
    expect(mayAct(ctx({}), '0')).toBe(true);
  });
});
