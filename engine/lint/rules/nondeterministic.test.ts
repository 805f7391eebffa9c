import { describe, expect, it } from 'vitest';
import { lintConfig } from '../lint';
import { lintGameFiles, mayUseUnseeded, nondeterministicLines } from './nondeterministic';

const codes = (config: Record<string, unknown>) =>
  lintConfig(config)
    .filter((f) => f.code === 'nondeterministic-call')
    .map((f) => `${f.path}: ${f.message.split(':')[0]}`);

describe('nondeterministic-call', () => {
  it('names each config function that calls Math.random, the clock, crypto or lodash random helpers', () => {
    const config = {
      setup: () => ({ id: crypto.randomUUID(), at: new Date() }),
      moves: {
        roll: () => Math.floor(Math.random() * 6),
        shuffle: ({ G }: any) => ({ ...G, deck: (globalThis as any)._.shuffle(G.deck) }),
        fixed: () => new Date(0),
        fair: ({ random }: any) => random.D6(),
        quoted: () => 'Math.random()',
      },
      turn: { onBegin: () => ({ t: Date.now(), p: performance.now() }) },
    };
    expect(codes(config)).toEqual([
      'moves.roll: `moves.roll` calls Math.random',
      'moves.shuffle: `moves.shuffle` calls _.shuffle (lodash or underscore)',
      'setup: `setup` calls crypto.randomUUID',
      'setup: `setup` calls new Date()',
      'turn.onBegin: `turn.onBegin` calls Date.now',
      'turn.onBegin: `turn.onBegin` calls performance.now',
    ]);
  });

  it('finds them in files by line, module level and helpers included, and imports of random-id packages; comments are skipped', () => {
    const text = [
      "import { v4 } from 'uuid';",
      "import shuffle from 'lodash/shuffle';",
      'const DECK = [1, 2, 3].sort(() => Math.random() - 0.5);',
      '// Math.random() in a comment',
      '/* Date.now()',
      '   still a comment */ export const at = () => Date.now();',
      'export const pick = (xs) => _.sample(xs);',
      "const s = 'new Date()';",
    ].join('\n');
    expect(nondeterministicLines('deck.js', text).map((l) => l.message.split(':').slice(0, 2).join(':'))).toEqual([
      'deck.js:1 imports uuid, whose results come from Math.random or crypto',
      'deck.js:2 imports lodash/shuffle, whose results come from Math.random or crypto',
      'deck.js:3 calls Math.random',
      'deck.js:6 calls Date.now',
      'deck.js:7 calls _.sample (lodash or underscore)',
    ]);
    expect(lintGameFiles([{ file: 'deck.js', text }])[0]).toMatchObject({ code: 'nondeterministic-call', severity: 'warning' });
  });

  it('finds the unusual spellings too: parenthesised, computed, optional, commented, escaped, bundled', () => {
    const text = [
      '(Math).random();',
      "Math['random']();",
      "Math?.['random']();",
      'Math /* why */ . // not\n  random();',
      'Math.r\\u0061ndom();',
      "Math['r\\x61ndom']();",
      "Math['ran\\\ndom']();",
      '(0, import_lodash.default.shuffle)(xs);',
      'new Date;',
      'const id = require(`nanoid`);',
    ].join('\n');
    expect(nondeterministicLines('odd.js', text).map((l) => l.message.split(':').slice(0, 2).join(':'))).toEqual([
      'odd.js:1 calls Math.random',
      'odd.js:2 calls Math.random',
      'odd.js:3 calls Math.random',
      'odd.js:4 calls Math.random',
      'odd.js:6 calls Math.random',
      'odd.js:7 calls Math.random',
      'odd.js:8 calls Math.random',
      'odd.js:10 calls lodash shuffle',
      'odd.js:11 calls new Date()',
      'odd.js:12 imports nanoid, whose results come from Math.random or crypto',
    ]);
  });

  it('leaves unparsed only a text that certainly holds none of them', () => {
    const seeded = [
      'const n = Math.max(0, Math.floor(x)); // reshuffled with random.Shuffle',
      'export const draw = ({ G, random }) => ({ ...G, deck: random.Shuffle(G.deck), updated: true });',
    ].join('\n');
    expect(mayUseUnseeded(seeded)).toBe(false);
    expect(nondeterministicLines('seeded.js', seeded)).toEqual([]);
    for (const text of [
      '(Math).random()',
      'Math\n.random()',
      'Math[k]()',
      'Date.now()',
      '_.sample(xs)',
      "import 'uuid'",
      'M\\u0061th.random()',
    ])
      expect(mayUseUnseeded(text)).toBe(true);
    // A candidate is only a reason to parse: the tree still decides.
    expect(mayUseUnseeded("const s = 'Math.random()';")).toBe(true);
    expect(nondeterministicLines('quoted.js', "const s = 'Math.random()';")).toEqual([]);
  });
});
