import { describe, expect, it } from 'vitest';
import { clipClass } from './clip';

describe('clipClass', () => {
  it('leaves values that always fit unclipped, and cuts longer ones', () => {
    expect(clipClass('false')).toBe('');
    expect(clipClass('"c21"')).toBe('');
    expect(clipClass('1234567890')).toBe('');
    expect(clipClass('"respondToBang"')).toBe(' clip');
  });
});
