import { describe, expect, it } from 'vitest';
import { categoryOf, selfTimeByCategory, selfTimeByFunction, type CpuProfile } from './profile-categories';

const node = (id: number, url: string, functionName = 'f', lineNumber = 0) => ({ id, callFrame: { url, functionName, lineNumber } });

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

describe('selfTimeByFunction', () => {
  it('sums each function of the chosen categories, largest first, with its line where the profile has one', () => {
    const profile: CpuProfile = {
      nodes: [
        node(1, 'file:///w/engine/trace/recorder.ts', 'enter'),
        node(2, 'file:///w/engine/trace/recorder.ts', 'enter'),
        node(3, 'file:///w/node_modules/bgio-0.43/dist/cjs/reducer-1.js', 'Process', 130),
        node(4, 'file:///w/engine/runtime/phases-era/calls.ts', ''),
      ],
      samples: [1, 2, 3, 4, 4, 4],
      timeDeltas: [300, 300, 5000, 100, 100, 100],
    };
    expect(selfTimeByFunction(profile, (c) => c.startsWith('flowscope:'))).toEqual([
      ['enter trace/recorder.ts', 0.6],
      ['(anonymous) runtime/phases-era/calls.ts', expect.closeTo(0.3)],
    ]);
    expect(selfTimeByFunction(profile, (c) => c === 'boardgame.io')).toEqual([['Process bgio-0.43/dist/cjs/reducer-1.js:131', 5]]);
  });
});
