import { useEffect, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useApp } from '../state/store';

/**
 * The step the panels should show but do not yet: the selection, while its detail is on its way
 * (the panels keep the step before until it comes, a frame after the chart at the earliest).
 */
export const usePendingStep = (): number | null => useApp((s) => (s.detail === null || s.detail.index !== s.selected ? s.selected : null));

/**
 * A panel's outer element, busy while the selected step's detail is on its way. Only this element
 * re-renders when the selection moves: its children are the same elements until the detail comes.
 */
export function DetailFrame({
  as: Tag,
  children,
  ...attributes
}: { as: 'section' | 'aside'; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  const pending = usePendingStep() !== null;
  return (
    <Tag {...attributes} aria-busy={pending}>
      {children}
    </Tag>
  );
}

/** How long a detail may take before the panels say it is on its way. */
const LATE_MS = 120;

/**
 * The pending step, once it has been pending for a while. A detail normally comes a frame after
 * the chart's: saying "loading" in the chart's frame would repaint the panels there for nothing.
 */
export function useLatePendingStep(): number | null {
  const pending = usePendingStep();
  const [late, setLate] = useState<number | null>(null);
  useEffect(() => {
    if (pending === null) return;
    const timer = setTimeout(() => setLate(pending), LATE_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return pending !== null && late === pending ? pending : null;
}

/** "loading step N…" while the selected step's detail is late, nothing otherwise. */
export function PendingNote({ className }: { className: string }) {
  const late = useLatePendingStep();
  return late === null ? null : <span className={className}>loading step {late}…</span>;
}
