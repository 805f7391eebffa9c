/**
 * The chart panel: the game's statechart (phases → turn → stages) laid out once per model, with
 * one token per player in its slot and the selected step's phase, stages and edges lit up.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import ReactFlow, {
  Controls,
  MiniMap,
  ReactFlowProvider,
  useNodesInitialized,
  useReactFlow,
  useStore,
  useStoreApi,
  type Node,
} from 'reactflow';
import { useChartCommands } from './chart-commands';
import 'reactflow/dist/base.css';
import type { ChartModel } from '../../../engine/host/protocol';
import { useApp } from '../state/store';
import { ChartEdge } from './ChartEdge';
import { DotGrid } from './DotGrid';
import { computeHighlight, slotsOf } from './chart-state';
import { GAMEOVER_ID, phaseId } from './elk-graph';
import { fitAvoiding, focusOn, READABLE_ZOOM, type Rect } from './fit';
import { markTaken, toFlowEdges, toFlowNodes, tokenNodes } from './flow-elements';
import { HighlightContext, HighlightStore } from './highlight-context';
import type { ChartLayout } from './layout-types';
import { nodeTypes } from './nodes';
import { tokenMoves } from './token-moves';
import { TokenMoves } from './TokenMoves';
import { placeTokens, slotWells } from './tokens';
import { useChartLayout } from './use-chart-layout';
import './chart.css';

const edgeTypes = { chart: ChartEdge };
const MINIMAP_SIZE = { width: 132, height: 88 };

/** The rectangle of the phase (or gameover) the step is in, in chart coordinates. */
function activeRect(layout: ChartLayout, phase: string | null): Rect | null {
  const id = phase === 'gameover' ? GAMEOVER_ID : phase ? phaseId(phase) : null;
  const n = id ? layout.nodes.find((x) => x.id === id) : undefined;
  return n ? { x: n.abs.x, y: n.abs.y, width: n.width, height: n.height } : null;
}

/**
 * The view that shows the whole chart with no node under the controls or the minimap; when that
 * would make text unreadable, the readable zoom on the active phase instead.
 */
function useFitChart(layout: ChartLayout, activePhase: { current: string | null }): () => number {
  const flow = useReactFlow();
  const store = useStoreApi();
  return useCallback(() => {
    const dom = store.getState().domNode;
    if (!dom) return 0;
    const box = dom.getBoundingClientRect();
    const overlays = [...dom.querySelectorAll('.react-flow__controls, .react-flow__attribution')].map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x - box.x - 6, y: r.y - box.y - 6, width: r.width + 12, height: r.height + 12 };
    });
    const nodes = layout.nodes.filter((n) => !n.parent).map((n) => ({ x: n.abs.x, y: n.abs.y, width: n.width, height: n.height }));
    const chart = { x: 0, y: 0, width: layout.width, height: layout.height };
    let viewport = fitAvoiding({ width: box.width, height: box.height }, chart, nodes, overlays);
    if (viewport.zoom < READABLE_ZOOM)
      viewport = focusOn({ width: box.width, height: box.height }, activeRect(layout, activePhase.current) ?? chart, READABLE_ZOOM, chart);
    flow.setViewport(viewport);
    return viewport.zoom;
  }, [flow, store, layout, activePhase]);
}

/** Share of the panel's width or height it must change by before the chart is fitted again. */
const REFIT_CHANGE = 0.15;

/**
 * Fits the view once per layout, when its nodes have been measured; afterwards, until the user
 * pans or zooms, fits again only when the panel's size changes a lot (a window resize, a panel
 * closed). A banner appearing changes the height a little: the chart stays exactly where it is.
 */
function FitOnLayout({ layout, fit, userMoved }: { layout: ChartLayout; fit: () => number; userMoved: { current: boolean } }) {
  const initialized = useNodesInitialized();
  const fitted = useRef<ChartLayout | null>(null);
  const fittedSize = useRef<{ width: number; height: number } | null>(null);
  const size = useStore((s) => `${s.width}x${s.height}`);
  const store = useStoreApi();
  useEffect(() => {
    if (!initialized) return;
    const { width, height } = store.getState();
    if (fitted.current !== layout) {
      fitted.current = layout;
      userMoved.current = false;
      fit();
      fittedSize.current = { width, height };
      return;
    }
    const last = fittedSize.current;
    if (userMoved.current || !last) return;
    if (Math.abs(width - last.width) > REFIT_CHANGE * last.width || Math.abs(height - last.height) > REFIT_CHANGE * last.height) {
      fit();
      fittedSize.current = { width, height };
    }
  }, [initialized, layout, fit, size, store, userMoved]);
  return null;
}

/**
 * When the step moves to a phase that is out of view (the chart is zoomed in to stay readable),
 * pans to it at the same zoom; nothing moves while the active phase is in view or after the user
 * has moved the chart.
 */
function FollowActivePhase({ layout, phase, userMoved }: { layout: ChartLayout; phase: string | null; userMoved: { current: boolean } }) {
  const flow = useReactFlow();
  const store = useStoreApi();
  useEffect(() => {
    if (userMoved.current) return;
    const rect = activeRect(layout, phase);
    const { transform, width, height } = store.getState();
    if (!rect || !width) return;
    const [x, y, zoom] = transform;
    const onScreen = { x: rect.x * zoom + x, y: rect.y * zoom + y, width: rect.width * zoom, height: rect.height * zoom };
    const visible =
      Math.max(0, Math.min(onScreen.x + onScreen.width, width) - Math.max(onScreen.x, 0)) *
      Math.max(0, Math.min(onScreen.y + onScreen.height, height) - Math.max(onScreen.y, 0));
    if (visible >= 0.5 * onScreen.width * onScreen.height) return;
    flow.setViewport(focusOn({ width, height }, rect, zoom, { x: 0, y: 0, width: layout.width, height: layout.height }), { duration: 250 });
  }, [layout, phase, flow, store, userMoved]);
  return null;
}

const miniMapClass = (n: Node) => `fs-mini fs-mini-${n.type}`;

/** The minimap, shown only while part of the chart is out of view (when it is all in view it would only hide some). */
function ChartMiniMap({ layout }: { layout: ChartLayout }) {
  const allInView = useStore((s) => {
    const [x, y, zoom] = s.transform;
    return x >= -1 && y >= -1 && x + layout.width * zoom <= s.width + 1 && y + layout.height * zoom <= s.height + 1;
  });
  return (
    <MiniMap
      pannable
      zoomable
      nodeClassName={miniMapClass}
      nodeBorderRadius={4}
      position="bottom-right"
      className={`fs-minimap${allInView ? ' all-in-view' : ''}`}
      style={MINIMAP_SIZE}
    />
  );
}

function Chart({ model, layout, root }: { model: ChartModel; layout: ChartLayout; root: React.RefObject<HTMLDivElement | null> }) {
  const current = useApp((s) => s.summaries.get(s.selected) ?? (s.detail?.index === s.selected ? s.detail : null));
  const previous = useApp((s) => (s.selected > 0 ? (s.summaries.get(s.selected - 1) ?? null) : null));
  const lastKnown = useRef<typeof current>(null);
  if (current) lastKnown.current = current;
  const shown = current ?? lastKnown.current;

  const staticNodes = useMemo(() => toFlowNodes(layout), [layout]);
  const staticEdges = useMemo(() => toFlowEdges(layout, model), [layout, model]);
  const wells = useMemo(() => slotWells(layout), [layout]);
  const highlight = useMemo(() => computeHighlight(model, shown, current ? previous : null), [model, shown, current, previous]);
  const placed = useMemo(() => placeTokens(wells, highlight.slots), [wells, highlight]);
  const tokens = useMemo(() => tokenNodes(layout, placed, highlight.currentPlayer), [layout, placed, highlight]);
  const nodes = useMemo(() => [...staticNodes, ...tokens], [staticNodes, tokens]);
  const moves = useMemo(
    () => (current && previous ? tokenMoves(placeTokens(wells, slotsOf(model, previous.chart)), placed, current) : []),
    [current, previous, wells, placed, model],
  );
  const edges = useMemo(() => markTaken(staticEdges, highlight.taken), [staticEdges, highlight.taken]);
  const [highlightStore] = useState(() => new HighlightStore());
  useLayoutEffect(() => highlightStore.set(highlight), [highlightStore, highlight]);
  const activePhase = useRef<string | null>(null);
  activePhase.current = highlight.phase;
  const fit = useFitChart(layout, activePhase);
  const userMoved = useRef(false);
  const onMoveStart = useCallback((event: unknown) => {
    if (event) userMoved.current = true;
  }, []);
  const onZoomButton = useCallback(() => {
    userMoved.current = true;
  }, []);
  const onFitButton = useCallback(() => {
    userMoved.current = false;
    fit();
  }, [fit]);
  useChartCommands(
    root,
    onFitButton,
    useMemo(() => ({ width: layout.width, height: layout.height }), [layout]),
  );
  // Chart states: phases, stages and gameover (turns, the start marker and tokens are parts of them).
  const showMiniMap = useMemo(
    () => layout.nodes.filter((n) => n.type === 'phase' || n.type === 'stage' || n.type === 'gameover').length > 8,
    [layout],
  );

  return (
    <HighlightContext.Provider value={highlightStore}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        // React Flow's Space-to-pan swallows Space page-wide (preventDefault), so buttons and play would never get it.
        panActivationKeyCode={null}
        minZoom={0.15}
        maxZoom={2.5}
        className="fs-flow-root"
        // The step the chart shows (tests and the bench read it).
        data-step={shown?.index}
        onMoveStart={onMoveStart}
      >
        <FitOnLayout layout={layout} fit={fit} userMoved={userMoved} />
        <FollowActivePhase layout={layout} phase={highlight.phase} userMoved={userMoved} />
        <TokenMoves moves={moves} />
        <DotGrid />
        <Controls showInteractive={false} onFitView={onFitButton} onZoomIn={onZoomButton} onZoomOut={onZoomButton} position="top-right" />
        {showMiniMap && <ChartMiniMap layout={layout} />}
      </ReactFlow>
    </HighlightContext.Provider>
  );
}

function ChartView({ model }: { model: ChartModel }) {
  const ref = useRef<HTMLDivElement>(null);
  const { layout, error } = useChartLayout(model, ref);
  return (
    <div className="fs-chart" ref={ref}>
      {layout ? (
        <ReactFlowProvider>
          <Chart model={model} layout={layout} root={ref} />
        </ReactFlowProvider>
      ) : (
        <div className="fs-chart-message">{error ? `Could not lay the chart out: ${error}` : 'Laying out the chart…'}</div>
      )}
    </div>
  );
}

export function ChartPanel() {
  const view = useApp((s) => s.view);
  return (
    <section className="panel chart-panel" aria-label="chart">
      {view ? <ChartView model={view.chart} /> : null}
    </section>
  );
}
