import { toPng, toSvg } from 'html-to-image';
import { useEffect } from 'react';
import { EXPORT_EVENT, FIT_EVENT, type ExportRequest } from '../desktop/bridge';

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

/** Listens for the desktop menu's Zoom to Fit and Export Chart (SVG/PNG) commands. */
export function useChartCommands(root: React.RefObject<HTMLElement | null>, fit: () => void, size: { width: number; height: number }): void {
  useEffect(() => {
    const onFit = () => fit();
    const onExport = (event: Event) => {
      const { format, reply } = (event as CustomEvent<ExportRequest>).detail;
      if (root.current) void renderChart(root.current, format, size).then(reply);
    };
    window.addEventListener(FIT_EVENT, onFit);
    window.addEventListener(EXPORT_EVENT, onExport);
    return () => {
      window.removeEventListener(FIT_EVENT, onFit);
      window.removeEventListener(EXPORT_EVENT, onExport);
    };
  }, [root, fit, size]);
}
