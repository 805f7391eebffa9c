import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { useApp } from '../state/store';

/**
 * A panel's outer element, busy while the selected step's detail is on its way (the panels keep
 * the step before until it comes, a frame after the chart's at the earliest). Only this element
 * re-renders when the selection moves: its children are the same elements until the detail comes.
 */
export function DetailFrame({
  as: Tag,
  children,
  ...attributes
}: { as: 'section' | 'aside'; children: ReactNode; ref?: Ref<HTMLElement> } & HTMLAttributes<HTMLElement>) {
  const pending = useApp((s) => s.detail === null || s.detail.index !== s.selected);
  return (
    <Tag {...attributes} aria-busy={pending}>
      {children}
    </Tag>
  );
}

/** The selected step while its detail is late (the controller says when), else null. */
export const useLateStep = (): number | null => useApp((s) => s.lateDetail);

/** "loading step N…" while the selected step's detail is late, nothing otherwise. */
export function PendingNote({ className }: { className: string }) {
  const late = useLateStep();
  return late === null ? null : <span className={className}>loading step {late}…</span>;
}
