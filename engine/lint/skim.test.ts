import { describe, expect, it } from 'vitest';
import { mayMention, skipBlanks } from './skim';
import { eventCalls, hasComputedNextProperty } from './source';

describe('skimming a source before parsing it', () => {
  it('says a name may be used when it is written, or when an escape could spell it', () => {
    expect(mayMention('({ events }) => events.setPhase("b")', ['setPhase'])).toBe(true);
    expect(mayMention('({ G }) => G.count + 1', ['setPhase'])).toBe(false);
    expect(mayMention('({ G }) => G.label + "\\n"', ['setPhase'])).toBe(false);
    expect(mayMention("({ events }) => events['set\\u0050hase']('b')", ['setPhase'])).toBe(true);
    expect(mayMention("({ events }) => events['set\\\nPhase']('b')", ['setPhase'])).toBe(true);
  });

  it('keeps what the parser finds behind escapes', () => {
    expect(eventCalls("({ events }) => events['set\\u0050hase']('b')", ['setPhase'])).toEqual([
      { event: 'setPhase', literal: 'b', computed: false, viaCtx: false },
    ]);
    expect(eventCalls('({ G }) => G.count + 1', ['setPhase'])).toEqual([]);
    expect(hasComputedNextProperty('({ G }) => ({ n\\u0065xt: G.phase })')).toBe(true);
    expect(hasComputedNextProperty('({ G }) => G.done')).toBe(false);
  });

  it('steps over whitespace and comments, and closing parentheses when asked', () => {
    const text = 'x /* a */ // b\n ) .y';
    expect(text[skipBlanks(text, 1)]).toBe(')');
    expect(text[skipBlanks(text, 1, true)]).toBe('.');
    expect(skipBlanks('x // to the end', 1)).toBe('x // to the end'.length);
  });
});
