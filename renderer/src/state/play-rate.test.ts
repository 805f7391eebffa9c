import { describe, expect, it } from 'vitest';
import { playRateText } from './play-rate';

describe('playRateText', () => {
  it('says nothing before the rate is measured', () => {
    expect(playRateText(60, null)).toBeNull();
  });

  it('says nothing extra when the speed is kept and every step is drawn', () => {
    expect(playRateText(4, { steps: 4, frames: 4 })).toBeNull();
    expect(playRateText(60, { steps: 59.2, frames: 58 })).toBeNull();
  });

  it('says how many steps are drawn when frames cannot show every step', () => {
    expect(playRateText(60, { steps: 60, frames: 21.4 })).toBe('21 of 60 steps/s drawn');
  });

  it('says the real rate when the page falls behind the speed', () => {
    expect(playRateText(60, { steps: 7, frames: 7 })).toBe('running at 7/s');
    expect(playRateText(60, { steps: 30, frames: 12 })).toBe('running at 30/s, 12 of 30 steps/s drawn');
  });
});
