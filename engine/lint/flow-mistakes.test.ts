import { describe, expect, it } from 'vitest';
import type { GameConfig } from '../types';
import { lintConfig } from './lint';

const noop = () => undefined;
const codes = (config: GameConfig, release?: string) => lintConfig(config, {}, release).map((f) => `${f.code} ${f.path}`);
const messageOf = (config: GameConfig, code: string, release?: string) =>
  lintConfig(config, {}, release).find((f) => f.code === code)?.message;

describe('flow mistakes real code makes', () => {
  it('stages declared in a phase or at the top level', () => {
    const config = {
      moves: { m: noop },
      stages: { top: {} },
      phases: { a: { start: true, stages: { discard: { moves: { d: noop } } } } },
    } as GameConfig;
    expect(codes(config)).toEqual(['stages-outside-turn phases.a.stages', 'stages-outside-turn stages']);
    expect(messageOf(config, 'stages-outside-turn')).toMatch(
      /`phases\.a\.stages` \(`discard`\) is not read by boardgame\.io: .* move it to `phases\.a\.turn\.stages`/,
    );
  });

  it('a turn order without next (or first), which boardgame.io fails on at run time', () => {
    const config: GameConfig = { moves: { m: noop }, turn: { order: { first: () => 0 } as any } };
    expect(codes(config)).toEqual(['order-without-next turn.order']);
    expect(messageOf(config, 'order-without-next')).toMatch(/has no `next` function: boardgame\.io throws when a turn ends/);
    expect(codes({ moves: { m: noop }, phases: { a: { start: true, turn: { order: { next: () => 0 } as any } } } })).toEqual([
      'order-without-next phases.a.turn.order',
    ]);
  });

  it('phases and stages given as functions', () => {
    const config = {
      moves: { m: noop },
      phases: { a: () => ({ start: true }), b: { turn: { stages: { s: () => ({}) } } } },
      turn: { stages: () => ({}) },
    } as unknown as GameConfig;
    expect(codes(config).filter((c) => c.startsWith('function-instead-of-config'))).toEqual([
      'function-instead-of-config phases.a',
      'function-instead-of-config phases.b.turn.stages.s',
      'function-instead-of-config turn.stages',
    ]);
    expect(codes({ moves: {}, phases: (() => ({})) as any }).filter((c) => c.startsWith('function'))).toEqual([
      'function-instead-of-config phases',
    ]);
  });

  it('unknown keys in a phase, turn, turn order or stage, with what was probably meant, for the release', () => {
    const config = {
      moves: { m: noop },
      turn: { maxMove: 1, order: { first: () => 0, next: () => 0, playorder: () => ['0'] }, stages: { s: { moves: {}, nxt: 'x' } } },
      phases: { a: { start: true, endif: () => false, endPhaseIf: () => false, activePlayers: {}, colour: 'red' } },
    } as unknown as GameConfig;
    const found = lintConfig(config).filter((f) => f.code === 'unknown-key');
    expect(found.map((f) => `${f.path}: ${f.message.split('ignores it')[1]}`)).toEqual([
      'phases.a.activePlayers: ; did you mean `turn.activePlayers`?',
      'phases.a.colour:  (it reads `start`, `next`, `onBegin`, `onEnd`, `endIf`, `moves`, `turn`)',
      'phases.a.endPhaseIf: ; did you mean `endIf`?',
      'phases.a.endif: ; did you mean `endIf`?',
      'turn.maxMove: ; did you mean `maxMoves`?',
      'turn.order.playorder: ; did you mean `playOrder`?',
      'turn.stages.s.nxt: ; did you mean `next`?',
    ]);
    expect(found.every((f) => f.severity === 'warning')).toBe(true);
    // minMoves/maxMoves arrived in 0.48: on 0.43 they are unknown, and moveLimit is what was meant.
    const limits = { moves: {}, turn: { minMoves: 1, maxMoves: 2 } } as GameConfig;
    expect(codes(limits, '0.43.3')).toEqual(['unknown-key turn.maxMoves', 'unknown-key turn.minMoves']);
    expect(messageOf(limits, 'unknown-key', '0.43.3')).toMatch(
      /no `maxMoves` in boardgame\.io 0\.43\.3.*did you mean `moveLimit` \(`minMoves`\/`maxMoves` arrived in 0\.48\)/,
    );
    expect(codes(limits, '0.49.13')).toEqual([]);
  });

  it('setStage to a stage no turn declares, once per function and name; declared stages of any turn are fine', () => {
    const config: GameConfig = {
      moves: {
        go: ({ events }: any) => void (events.setStage('nowhere'), events.setStage('nowhere')),
        fine: ({ events }: any) => void events.setStage('later'),
      },
      turn: { stages: { somewhere: { moves: { x: noop } } } },
      phases: { p: { turn: { stages: { later: { moves: { y: noop } } } } } },
    };
    expect(
      lintConfig(config, {})
        .filter((f) => f.code === 'unknown-set-stage')
        .map((f) => [f.path, f.message]),
    ).toEqual([
      [
        'moves.go',
        "`moves.go` calls `setStage('nowhere')`, but no turn declares a stage `nowhere` (stages: `later` and `somewhere`); boardgame.io puts the player in it anyway, where they get the phase or global moves, so fix the name or declare the stage.",
      ],
    ]);
  });

  it('a phase whose endIf is constantly true (statically)', () => {
    const config: GameConfig = {
      moves: { m: noop },
      phases: {
        a: { start: true, endIf: () => true, next: 'b' },
        b: { endIf: ({ G }: any) => G.done },
        c: {
          endIf: function () {
            return true;
          },
        },
      },
    };
    expect(codes(config).filter((c) => c.startsWith('end-if'))).toEqual([
      'end-if-on-entry phases.a.endIf',
      'end-if-on-entry phases.c.endIf',
    ]);
  });

  it('a routing phase whose endIf always returns { next } is said to hand over to that phase, not to leave the game in no phase', () => {
    const config: GameConfig = {
      moves: { m: noop },
      phases: { play: { start: true, endIf: ({ G }: any) => G.done }, route: { endIf: () => ({ next: 'play' }) } },
    };
    const [found] = lintConfig(config, {}).filter((f) => f.code === 'end-if-on-entry');
    expect(found.message).toMatch(
      /phase `route` ends the moment it begins, before any move; it hands over to phase `play` \(its endIf returns \{ next \}\)/,
    );
    expect(found.message).not.toMatch(/no `next`/);
  });
});
