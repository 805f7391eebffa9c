import { chartRefTestIds } from '../../../engine/host/protocol';
import { useApp } from '../state/store';
import { useLearn } from '../state/store';

const escape = (id: string) => id.replace(/["\\]/g, '\\$&');

/**
 * Lights up the chart parts the shown lesson step points at. It styles the chart's own elements by
 * their `data-testid`, so the chart components need no knowledge of lessons.
 */
export function ChartFocus() {
  const refs = useLearn((s) => (s.mode === 'lesson' && s.lesson ? s.lesson.lesson.steps[s.index].highlight : null));
  const model = useApp((s) => s.view?.chart ?? null);
  if (!refs?.length || !model) return null;
  const ids = refs.flatMap((r) => chartRefTestIds(model, r));
  const sel = (suffix = '') => ids.map((id) => `[data-testid="${escape(id)}"]${suffix}`).join(',\n');
  return (
    <style data-testid="lesson-focus" data-ids={ids.join(' ')}>{`
${sel()} { outline: 3px solid var(--warn); outline-offset: 3px; border-radius: 8px; animation: fs-lesson-pulse 1.6s ease-in-out infinite; }
${sel(' path')} { stroke: var(--warn) !important; stroke-width: 3.5px !important; }
@keyframes fs-lesson-pulse { 50% { outline-color: color-mix(in srgb, var(--warn) 35%, transparent); } }
`}</style>
  );
}
