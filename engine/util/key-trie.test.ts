import { describe, expect, it } from 'vitest';
import { KeyTrie, next } from './key-trie';

const lookup = <V>(trie: KeyTrie<V>, keys: unknown[]) => {
  let node: ReturnType<typeof next<V>> = trie.root;
  for (const key of keys) node = next(node, key);
  return node?.value;
};

describe('KeyTrie', () => {
  it('finds a value only under its whole sequence of keys', () => {
    const trie = new KeyTrie<string>();
    trie.set(['a', 1, 'b'], 'x');
    expect(lookup(trie, ['a', 1, 'b'])).toBe('x');
    expect(lookup(trie, ['a', 1])).toBeUndefined();
    expect(lookup(trie, ['a', 1, 'b', 'c'])).toBeUndefined();
    expect(lookup(trie, ['a', '1', 'b'])).toBeUndefined();
  });

  it('compares keys with Object.is: 0 and -0, NaN, objects by identity', () => {
    const trie = new KeyTrie<string>();
    const obj = {};
    trie.set([0], 'zero');
    trie.set([-0], 'minus zero');
    trie.set([NaN], 'nan');
    trie.set([obj], 'obj');
    expect([lookup(trie, [0]), lookup(trie, [-0]), lookup(trie, [NaN]), lookup(trie, [obj]), lookup(trie, [{}])]).toEqual([
      'zero',
      'minus zero',
      'nan',
      'obj',
      undefined,
    ]);
  });

  it('counts stored sequences, not replaced ones', () => {
    const trie = new KeyTrie<number>();
    trie.set(['a'], 1);
    trie.set(['a', 'b'], 2);
    trie.set(['a'], 3);
    expect(trie.size).toBe(2);
    expect(lookup(trie, ['a'])).toBe(3);
  });
});
