/**
 * The anchor of the UI rows (issue 33): the same chart in a bare React Flow page with no Flowscope
 * code (bench/anchor/page.tsx), measured in the same browser run. Its "step" moves the active
 * node's class; a Flowscope step is then read as a ratio to that page's step on the same machine,
 * in the same Chromium, at the same moment.
 */
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import type { AnchorChart } from '../anchor/captured-chart';

const PAGE = path.join(import.meta.dirname, '..', 'anchor', 'page.tsx');

/** The chart Flowscope's page shows now: its pane's size, viewport, nodes (absolute boxes) and edge paths. */
export function captureChart(page: Page): Promise<AnchorChart> {
  return page.evaluate(() => {
    const numbers = (text: string) => (text.match(/-?[\d.]+(e-?\d+)?/g) ?? []).map(Number);
    const pane = document.querySelector('.fs-flow-root') as HTMLElement;
    const [vx, vy, zoom] = numbers((document.querySelector('.react-flow__viewport') as HTMLElement).style.transform);
    const nodes = [...document.querySelectorAll<HTMLElement>('.react-flow__node')].map((el) => {
      const [x, y] = numbers(el.style.transform);
      return {
        id: el.dataset.id ?? '',
        x,
        y,
        width: el.offsetWidth,
        height: el.offsetHeight,
        label: (el.textContent ?? '').slice(0, 80),
      };
    });
    const edges = [...document.querySelectorAll<SVGGElement>('.react-flow__edge')].map((el, i) => ({
      id: `e${i}`,
      d: el.querySelector('path')?.getAttribute('d') ?? '',
    }));
    return { width: pane.clientWidth, height: pane.clientHeight, viewport: { x: vx, y: vy, zoom: zoom ?? 1 }, nodes, edges };
  });
}

/** The anchor page's script and styles, bundled once. */
async function bundleAnchor(): Promise<{ js: string; css: string }> {
  const out = await build({
    entryPoints: [PAGE],
    bundle: true,
    write: false,
    outdir: 'anchor',
    format: 'esm',
    platform: 'browser',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const text = (ext: string) => out.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? '';
  return { js: text('.js'), css: text('.css') };
}

/** Times from moving the active class to the frame that shows it, `count` times (half just after a frame, half at a random moment). */
export async function anchorSteps(
  browser: Browser,
  chart: AnchorChart,
  count: number,
): Promise<{ random: number[]; afterFrame: number[] }> {
  const { js, css } = await bundleAnchor();
  const page = await browser.newPage({ viewport: { width: chart.width + 40, height: chart.height + 40 } });
  try {
    await page.setContent(
      `<!doctype html><html><head><style>${css}</style></head><body style="margin:0"><div id="root"></div>` +
        `<script>window.anchorChart = ${JSON.stringify(chart)};</script><script type="module">${js}</script></body></html>`,
    );
    // tsx names the functions it compiles with a helper the page does not have.
    await page.evaluate('window.__name = (f) => f');
    await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length > 0 && window.anchorSetActive);
    return await page.evaluate(async (count) => {
      const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const nodes = window.anchorChart.nodes.length;
      const random: number[] = [];
      const afterFrame: number[] = [];
      for (let i = 1; i <= count; i++) {
        const target = i % nodes;
        await painted();
        if (i % 2) await new Promise((r) => setTimeout(r, Math.random() * 16));
        const shows = () =>
          document.querySelector(`.react-flow__node.anchor-active`) === document.querySelectorAll('.react-flow__node')[target];
        const shown = new Promise<number>((resolve) => {
          const check = () => (shows() ? setTimeout(() => resolve(performance.now()), 0) : requestAnimationFrame(check));
          requestAnimationFrame(check);
        });
        const t0 = performance.now();
        window.anchorSetActive!(target);
        (i % 2 ? random : afterFrame).push((await shown) - t0);
      }
      return { random, afterFrame };
    }, count);
  } finally {
    await page.close();
  }
}
