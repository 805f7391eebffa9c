/**
 * A slider over every step of the session, for scrubbing (like Redux DevTools' slider monitor),
 * with marks where the phase changed, a turn began, boardgame.io refused a step, or a step has
 * diagnostics. The marks come from the host's `timeline()` (the whole session, cheap to compute).
 */
import { memo } from 'react';
import type { TimelineMarks } from '../../../engine/host/protocol';
import { useController } from '../state/context';
import { useApp } from '../state/store';

const KINDS = [
  { key: 'turns', one: 'turn', many: 'turns', y: [10, 16] },
  { key: 'phases', one: 'phase change', many: 'phase changes', y: [2, 18] },
  { key: 'problems', one: 'step with diagnostics', many: 'steps with diagnostics', y: [0, 5] },
  { key: 'rejected', one: 'refused step', many: 'refused steps', y: [0, 7] },
] as const;

/** The slider's tooltip: how many marks of each kind ("1 turn · 0 phase changes · …"). */
export function timelineTitle(marks: Pick<TimelineMarks, (typeof KINDS)[number]['key']>): string {
  return KINDS.map((k) => `${marks[k.key].length} ${marks[k.key].length === 1 ? k.one : k.many}`).join(' · ');
}

/** One SVG path per kind of mark: a vertical tick per step, in a 1000-wide box stretched to the slider. */
function markPath(indexes: readonly number[], last: number, [y1, y2]: readonly [number, number]): string {
  if (last <= 0) return '';
  let d = '';
  let previous = -1;
  for (const i of indexes) {
    const x = Math.round((i / last) * 1000 * 2) / 2;
    if (x === previous) continue;
    previous = x;
    d += `M${x} ${y1}V${y2}`;
  }
  return d;
}

const Marks = memo(function Marks({ marks }: { marks: TimelineMarks }) {
  const last = marks.length - 1;
  return (
    <svg className="timeline-marks" viewBox="0 0 1000 18" preserveAspectRatio="none" aria-hidden="true">
      {KINDS.map((k) => (
        <path
          key={k.key}
          className={`timeline-mark mark-${k.key}`}
          d={markPath(marks[k.key], last, k.y)}
          data-testid={`timeline-${k.key}`}
          data-count={marks[k.key].length}
        />
      ))}
    </svg>
  );
});

export function Timeline() {
  const controller = useController();
  const length = useApp((s) => s.length);
  const selected = useApp((s) => s.selected);
  const marks = useApp((s) => s.timeline);
  const last = Math.max(0, length - 1);
  const current = marks && marks.length === length ? marks : null;
  const title = current ? timelineTitle(current) : 'drag to travel through the steps';
  return (
    <div className="timeline" data-testid="timeline" title={title}>
      <div className="timeline-track">
        {current && <Marks marks={current} />}
        <input
          type="range"
          className="timeline-slider"
          min={0}
          max={last}
          step={1}
          value={Math.min(selected, last)}
          disabled={last === 0}
          aria-label="timeline: drag to travel through the steps"
          aria-valuetext={`step ${selected} of ${last}`}
          onChange={(e) => void controller.select(Number(e.target.value))}
        />
      </div>
      <div className="timeline-legend" aria-hidden="true">
        <span className="legend-phases">phase</span>
        <span className="legend-turns">turn</span>
        <span className="legend-rejected">refused</span>
        <span className="legend-problems">diagnostics</span>
      </div>
    </div>
  );
}
