import { toPng, toSvg } from 'html-to-image';
import { useEffect } from 'react';
import { useController } from '../state/context';

/** The chart as an image of the whole laid-out chart (not just the visible part). */
async function renderChart(root: HTMLElement, format: 'svg' | 'png', size: { width: number; height: number }): Promise<string> {
  const viewport = root.querySelector<HTMLElement>('.react-flow__viewport');
  if (!viewport) throw new Error('the chart is not drawn yet');
  const background = getComputedStyle(root).getPropertyValue('--bg').trim() || '#0f1117';
  const options = {
    backgroundColor: background,
    width: size.width,
    height: size.height,
    style: { width: `${size.width}px`, height: `${size.height}px`, transform: 'translate(0px, 0px) scale(1)' },
  };
  return format === 'svg' ? toSvg(viewport, options) : toPng(viewport, { ...options, pixelRatio: 2 });
}

/** Offers the chart's Zoom to Fit and image export to the controller (the desktop menu's commands) while it is drawn. */
export function useChartCommands(
  root: React.RefObject<HTMLElement | null>,
  fit: () => void,
  size: { width: number; height: number },
): void {
  const controller = useController();
  useEffect(() => {
    const handle = {
      fit,
      exportImage: (format: 'svg' | 'png') =>
        root.current ? renderChart(root.current, format, size) : Promise.reject(new Error('the chart is not drawn yet')),
    };
    controller.chart = handle;
    return () => {
      if (controller.chart === handle) controller.chart = null;
    };
  }, [controller, root, fit, size]);
}
