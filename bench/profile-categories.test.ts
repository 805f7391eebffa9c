import { describe, expect, it } from 'vitest';
import { categoryOf, selfTimeByCategory, type CpuProfile } from './profile-categories';

const node = (id: number, url: string, functionName = 'f') => ({ id, callFrame: { url, functionName } });

describe('categoryOf', () => {
  it('puts every shipped release and the libraries it runs on under boardgame.io', () => {
    expect(categoryOf(node(1, 'file:///w/node_modules/boardgame.io/dist/cjs/reducer-6f7cf6b0.js'))).toBe('boardgame.io');
    expect(categoryOf(node(1, 'file:///w/node_modules/bgio-0.26/dist/core.js'))).toBe('boardgame.io');
    expect(categoryOf(node(1, 'file:///w/node_modules/bgio-0.43/node_modules/immer/dist/immer.cjs.development.js'))).toBe('boardgame.io');
    expect(categoryOf(node(1, 'file:///w/node_modules/lodash.isplainobject/index.js'))).toBe('boardgame.io');
  });

  it("names Flowscope's engine by folder, its runtimes by era, and tells game code and collection apart", () => {
    expect(categoryOf(node(1, 'file:///w/engine/trace/compact.ts'))).toBe('flowscope:trace');
    expect(categoryOf(node(1, 'file:///w/engine/runtime/phases-era/events-probe.ts'))).toBe('flowscope:runtime/phases-era');
    expect(categoryOf(node(1, 'file:///w/engine/index.ts'))).toBe('flowscope:index');
    expect(categoryOf(node(1, 'file:///w/fixtures/bang/game.ts'))).toBe('game code');
    expect(categoryOf(node(1, 'file:///w/bench/games/phases-cards.ts'))).toBe('game code');
    expect(categoryOf(node(1, '', '(garbage collector)'))).toBe('garbage collection');
    expect(categoryOf(node(1, 'node:internal/timers'))).toBe('other');
    expect(categoryOf(node(1, 'file:///w/engine/testing/bare-reducer.ts'))).toBe('other');
  });
});

describe('selfTimeByCategory', () => {
  it("adds each sample's time (µs) to its node's category, in ms", () => {
    const profile: CpuProfile = {
      nodes: [node(1, 'file:///w/engine/trace/recorder.ts'), node(2, 'file:///w/node_modules/boardgame.io/dist/cjs/core.js')],
      samples: [1, 2, 2, 1],
      timeDeltas: [500, 1000, 1500, 250],
    };
    expect(Object.fromEntries(selfTimeByCategory(profile))).toEqual({ 'flowscope:trace': 0.75, 'boardgame.io': 2.5 });
  });
});
