import type { PlayRate } from './store';

/**
 * While playing, what really happens when it is not what the speed promises: the steps advanced
 * per second when the page falls behind, and how many of them were drawn when frames cannot show
 * every step.
 */
export function playRateText(speed: number, rate: PlayRate | null): string | null {
  if (!rate) return null;
  const steps = Math.round(rate.steps);
  const frames = Math.round(rate.frames);
  const parts: string[] = [];
  if (steps < 0.9 * speed) parts.push(`running at ${steps}/s`);
  if (frames < 0.9 * Math.min(speed, rate.steps)) parts.push(`${frames} of ${steps} steps/s drawn`);
  return parts.length ? parts.join(', ') : null;
}
