import { useLayoutEffect, useState, type RefObject } from 'react';

/** The gap between a popover and what it sits under. */
const GAP = 6;

/**
 * How far below the top of `anchor` a popover opened from it starts so that it clears the notices
 * under the toolbar (an error notice is often what the popover's own input caused: covering its
 * middle would hide what to fix); undefined while no notice reaches below the anchor. Follows the
 * notices as they come, go and change height, and the window as it resizes.
 */
export function useTopClearOfNotices(anchor: RefObject<HTMLElement | null>, open: boolean): number | undefined {
  const [top, setTop] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const element = anchor.current;
    const app = element?.closest('.app');
    if (!open || !element || !app) return setTop(undefined);
    const resized = new ResizeObserver(() => measure());
    const measure = () => {
      const box = element.getBoundingClientRect();
      const notices = [...app.querySelectorAll<HTMLElement>(':scope > .notice')];
      resized.disconnect();
      for (const notice of [element, ...notices]) resized.observe(notice);
      const lowest = Math.max(box.bottom, ...notices.map((n) => n.getBoundingClientRect().bottom));
      setTop(lowest > box.bottom ? lowest - box.top + GAP : undefined);
    };
    const added = new MutationObserver(measure);
    added.observe(app, { childList: true });
    window.addEventListener('resize', measure);
    measure();
    return () => {
      resized.disconnect();
      added.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [anchor, open]);
  return top;
}
