import { describe, expect, it } from 'vitest';
import type { FlowCtx } from '../../../engine/types';
import {
  checkActivePlayers,
  EMPTY_FORM,
  eventArgs,
  parseActivePlayers,
  parseCount,
  parseMoveArgs,
  parseOptionalJson,
  presetText,
} from './args';
import { isGameOver, noMovesReason, playerClass, playerStatus } from './players';

const context = { players: ['0', '1', '2', '3'], stages: ['respondToBang', 'duel'] };

describe('parseMoveArgs', () => {
  it('takes a JSON array as the arguments', () => {
    expect(parseMoveArgs('["c12", "1"]')).toEqual({ ok: true, value: ['c12', '1'], warnings: [] });
  });
  it('means [] when empty', () => {
    expect(parseMoveArgs('   ')).toMatchObject({ ok: true, value: [] });
  });
  it('wraps a single non-array value', () => {
    expect(parseMoveArgs('"c12"')).toMatchObject({ value: ['c12'] });
    expect(parseMoveArgs('4')).toMatchObject({ value: [4] });
    expect(parseMoveArgs('{"a":1}')).toMatchObject({ value: [{ a: 1 }] });
    expect(parseMoveArgs('null')).toMatchObject({ value: [null] });
    expect(parseMoveArgs('[[1, 2]]')).toMatchObject({ value: [[1, 2]] });
  });
  it('refuses text that is not JSON, with a hint', () => {
    const bare = parseMoveArgs('[c12, 1]');
    expect(bare.ok).toBe(false);
    expect(!bare.ok && bare.error).toMatch(/^not valid JSON: .*double quotes/);
    const single = parseMoveArgs("['c12']");
    expect(!single.ok && single.error).toMatch(/double quotes/);
    const trailing = parseMoveArgs('[1, 2,]');
    expect(!trailing.ok && trailing.error).toMatch(/trailing commas/);
    expect(parseMoveArgs('[1, 2').ok).toBe(false);
  });
});

describe('small parsers', () => {
  it('parses optional JSON', () => {
    expect(parseOptionalJson('')).toMatchObject({ ok: true, value: undefined });
    expect(parseOptionalJson('{"winner":"1"}')).toMatchObject({ value: { winner: '1' } });
    expect(parseOptionalJson('{winner}').ok).toBe(false);
  });
  it('parses move counts', () => {
    expect(parseCount('', 'minMoves')).toMatchObject({ ok: true, value: undefined });
    expect(parseCount(' 2 ', 'minMoves')).toMatchObject({ value: 2 });
    expect(parseCount('-1', 'minMoves').ok).toBe(false);
    expect(parseCount('1.5', 'maxMoves')).toEqual({ ok: false, error: 'maxMoves must be a whole number ≥ 0' });
  });
});

describe('setActivePlayers', () => {
  it('fills presets as boardgame.io defines them, optionally with a stage', () => {
    expect(JSON.parse(presetText('ALL'))).toEqual({ all: null });
    expect(JSON.parse(presetText('OTHERS_ONCE'))).toEqual({ others: null, minMoves: 1, maxMoves: 1 });
    expect(JSON.parse(presetText('ALL_ONCE', 'duel'))).toEqual({ all: 'duel', minMoves: 1, maxMoves: 1 });
  });
  it('accepts arrays of player IDs and warns about strangers', () => {
    expect(parseActivePlayers('["0", "2"]', context)).toEqual({ ok: true, value: ['0', '2'], warnings: [] });
    expect(parseActivePlayers('["9"]', context)).toMatchObject({ ok: true, warnings: ['"9" is not a player of this session'] });
    expect(parseActivePlayers('[{}]', context).ok).toBe(false);
  });
  it('accepts the object form and checks stages and counts', () => {
    expect(
      parseActivePlayers('{"currentPlayer": "duel", "others": {"stage": "respondToBang", "maxMoves": 1}, "revert": true}', context),
    ).toMatchObject({ ok: true, warnings: [] });
    expect(parseActivePlayers('{"all": "nope"}', context)).toMatchObject({
      ok: true,
      warnings: [expect.stringContaining('not a stage of this turn')],
    });
    expect(parseActivePlayers('{"value": {"1": "duel", "7": null}}', context)).toMatchObject({
      ok: true,
      warnings: ['value: "7" is not a player of this session'],
    });
    expect(parseActivePlayers('{"all": null, "minMoves": -1}', context).ok).toBe(false);
    expect(parseActivePlayers('{"all": 3}', context).ok).toBe(false);
    expect(parseActivePlayers('{"others": {"maxMoves": 1}}', context).ok).toBe(false);
    expect(parseActivePlayers('{"all": null, "revert": "yes"}', context).ok).toBe(false);
    expect(parseActivePlayers('{"all": null, "colour": 1}', context)).toMatchObject({ warnings: ['boardgame.io ignores "colour"'] });
    expect(parseActivePlayers('{"all": null, "moveLimit": 1}', context)).toMatchObject({
      warnings: [expect.stringContaining('deprecated')],
    });
    expect(parseActivePlayers('{"all": null, "minMoves": 3, "maxMoves": 1}', context)).toMatchObject({
      warnings: ['minMoves is above maxMoves'],
    });
    expect(parseActivePlayers('{"minMoves": 1}', context)).toMatchObject({
      ok: true,
      warnings: [expect.stringContaining('empties activePlayers')],
    });
  });
  it('checks next recursively', () => {
    expect(checkActivePlayers({ currentPlayer: null, next: { others: 'duel' } }, context)).toMatchObject({ ok: true, warnings: [] });
    expect(checkActivePlayers({ currentPlayer: null, next: 'x' }, context).ok).toBe(false);
    expect(checkActivePlayers({ currentPlayer: null, next: { all: 5 } }, context)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^next: /),
    });
  });
  it('refuses empty text, non-JSON and other types', () => {
    expect(parseActivePlayers('', context).ok).toBe(false);
    expect(parseActivePlayers('{all: null}', context).ok).toBe(false);
    expect(parseActivePlayers('"all"', context).ok).toBe(false);
    expect(parseActivePlayers('null', context).ok).toBe(false);
  });
});

describe('eventArgs', () => {
  const form = (patch: Partial<typeof EMPTY_FORM>) => ({ ...EMPTY_FORM, ...patch });
  it('builds each event argument', () => {
    expect(eventArgs('endTurn', form({}), context)).toMatchObject({ value: [] });
    expect(eventArgs('endTurn', form({ next: '2' }), context)).toMatchObject({ value: [{ next: '2' }] });
    expect(eventArgs('pass', form({ remove: true }), context)).toMatchObject({ value: [{ remove: true }] });
    expect(eventArgs('pass', form({}), context)).toMatchObject({ value: [] });
    expect(eventArgs('endPhase', form({ phase: 'x' }), context)).toMatchObject({ value: [] });
    expect(eventArgs('endStage', form({}), context)).toMatchObject({ value: [] });
    expect(eventArgs('setPhase', form({ phase: 'play' }), context)).toMatchObject({ value: ['play'] });
    expect(eventArgs('setPhase', form({}), context).ok).toBe(false);
    expect(eventArgs('endGame', form({}), context)).toMatchObject({ value: [] });
    expect(eventArgs('endGame', form({ gameover: '{"winner": "0"}' }), context)).toMatchObject({ value: [{ winner: '0' }] });
    expect(eventArgs('endGame', form({ gameover: '{winner' }), context).ok).toBe(false);
    expect(eventArgs('setActivePlayers', form({ activePlayers: presetText('ALL') }), context)).toMatchObject({ value: [{ all: null }] });
  });
  it('gives setStage a name, or an object with limits', () => {
    expect(eventArgs('setStage', form({ stage: 'duel' }), context)).toMatchObject({ value: ['duel'] });
    expect(eventArgs('setStage', form({ stage: 'duel', maxMoves: '2' }), context)).toMatchObject({
      value: [{ stage: 'duel', maxMoves: 2 }],
    });
    expect(eventArgs('setStage', form({ stage: 'duel', minMoves: '1', maxMoves: '2' }), context)).toMatchObject({
      value: [{ stage: 'duel', minMoves: 1, maxMoves: 2 }],
    });
    expect(eventArgs('setStage', form({ stage: 'duel', minMoves: 'x' }), context).ok).toBe(false);
    expect(eventArgs('setStage', form({ stage: '' }), context).ok).toBe(false);
    expect(eventArgs('setStage', form({ stage: 'other' }), context)).toMatchObject({
      ok: true,
      warnings: ['"other" is not a stage of this turn'],
    });
  });
});

describe('players', () => {
  const ctx = (patch: Partial<FlowCtx>): FlowCtx => ({
    phase: 'play',
    turn: 1,
    currentPlayer: '0',
    playOrder: ['0', '1', '2'],
    playOrderPos: 0,
    activePlayers: null,
    numMoves: 0,
    gameover: undefined,
    ...patch,
  });
  it('knows who is current, active and in which stage', () => {
    expect(playerStatus(ctx({}), '0')).toEqual({ id: '0', current: true, active: true, stage: undefined });
    expect(playerStatus(ctx({}), '1')).toMatchObject({ current: false, active: false });
    const staged = ctx({ activePlayers: { '1': 'respondToBang', '2': null } });
    expect(playerStatus(staged, '0')).toMatchObject({ current: true, active: false, stage: undefined });
    expect(playerStatus(staged, '1')).toMatchObject({ active: true, stage: 'respondToBang' });
    expect(playerStatus(staged, '2')).toMatchObject({ active: true, stage: null });
  });
  it('says why a player has no moves', () => {
    expect(noMovesReason(ctx({ gameover: { winner: '1' } }), '0')).toMatch(/game is over/);
    expect(isGameOver(ctx({ gameover: null }))).toBe(false);
    expect(noMovesReason(ctx({}), '2')).toBe('P2 is not the current player (P0 is).');
    expect(noMovesReason(ctx({ activePlayers: { '1': 'respondToBang' } }), '0')).toBe(
      'P0 is not active: only P1 (respondToBang) may move now.',
    );
    expect(noMovesReason(ctx({ activePlayers: { '1': 'wait' } }), '1')).toBe('P1 is in stage "wait", where no moves are available.');
    expect(noMovesReason(ctx({}), '0')).toMatch(/phase "play"/);
  });
  it('picks the colour class', () => {
    expect(playerClass('3', [])).toBe('player-3');
    expect(playerClass('9', [])).toBe('player-1');
    expect(playerClass('bob', ['amy', 'bob'])).toBe('player-1');
  });
});
