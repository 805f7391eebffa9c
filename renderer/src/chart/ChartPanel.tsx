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
import { useApp, useLearn } from '../state/store';
import { phasesToOpen } from './open-phases';
import { ChartEdge } from './ChartEdge';
import { DotGrid } from './DotGrid';
import { cameraTarget, MAX_ZOOM, MIN_ZOOM, minZoomFor, sameView, union, wholeChart } from './camera';
import { computeHighlight, phaseOf, slotsOf, type ChartHighlight } from './chart-state';
import { FoldContext } from './fold-context';
import { GAMEOVER_ID, phaseId, stageId } from './elk-graph';
import type { Rect } from './fit';
import { TOKEN } from './geometry';
import { markTaken, toFlowEdges, toFlowNodes, tokenNodes } from './flow-elements';
import { HighlightContext, HighlightStore } from './highlight-context';
import type { ChartLayout } from './layout-types';
import { nodeTypes } from './nodes';
import { routeMoves } from './move-routes';
import { tokenMoves } from './token-moves';
import { TokenMoves } from './TokenMoves';
import { placeTokens, slotWells, type PlacedToken } from './tokens';
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

const nodeRect = (n: { abs: { x: number; y: number }; width: number; height: number }): Rect => ({
  x: n.abs.x,
  y: n.abs.y,
  width: n.width,
  height: n.height,
});

/** The places of the players who may act: the stage each is in, or its token in the active lane. */
function activePlayersRect(layout: ChartLayout, highlight: ChartHighlight, placed: PlacedToken[]): Rect | null {
  const rects: Rect[] = [];
  for (const t of placed) {
    const slot = highlight.slots.get(t.player);
    if (!slot || slot.slot === 'waiting' || slot.slot === 'none') continue;
    const stage = slot.slot.startsWith('stage:') ? layout.nodes.find((n) => n.id === stageId(slot.phase, slot.slot.slice(6))) : undefined;
    rects.push(stage ? nodeRect(stage) : { x: t.x, y: t.y, width: TOKEN, height: TOKEN });
  }
  return union(rects);
}

/** The panel's size and the areas its controls cover, measured now. */
function usePanelGeometry(): () => { panel: { width: number; height: number }; overlays: Rect[] } | null {
  const store = useStoreApi();
  return useCallback(() => {
    const dom = store.getState().domNode;
    if (!dom) return null;
    const box = dom.getBoundingClientRect();
    if (!box.width || !box.height) return null;
    const overlays = [...dom.querySelectorAll('.react-flow__controls, .react-flow__attribution')].map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x - box.x - 6, y: r.y - box.y - 6, width: r.width + 12, height: r.height + 12 };
    });
    return { panel: { width: box.width, height: box.height }, overlays };
  }, [store]);
}

/** Share of the panel's width or height it must change by before the camera moves for it. */
const REFIT_CHANGE = 0.15;
const EASE_MS = 300;

interface CameraProps {
  layout: ChartLayout;
  highlight: ChartHighlight;
  placed: PlacedToken[];
  userMoved: { current: boolean };
  /** Bumped by Zoom to Fit: the camera chooses afresh. */
  fitRequest: number;
  onMinZoom: (zoom: number) => void;
}

/**
 * The chart's camera (see camera.ts for where it goes). It places the view when a layout is
 * first shown, and after each step eases to keep the active phase and every active player's
 * token in view. Nothing moves while the user has panned or zoomed by hand, until Zoom to Fit or
 * another game; a small change of the panel's size (a banner) moves nothing either.
 */
function Camera({ layout, highlight, placed, userMoved, fitRequest, onMinZoom }: CameraProps) {
  const flow = useReactFlow();
  const store = useStoreApi();
  const initialized = useNodesInitialized();
  const size = useStore((s) => `${s.width}x${s.height}`);
  const geometry = usePanelGeometry();
  const players = useMemo(() => activePlayersRect(layout, highlight, placed), [layout, highlight, placed]);
  const focus = `${highlight.phase}|${players ? [players.x, players.y, players.width, players.height].join(',') : ''}`;
  const last = useRef<{
    key: string | null;
    layout: ChartLayout | null;
    focus: string;
    fit: number;
    size: { width: number; height: number } | null;
  }>({
    key: null,
    layout: null,
    focus: '',
    fit: fitRequest,
    size: null,
  });
  useEffect(() => {
    if (!initialized) return;
    const g = geometry();
    if (!g) return;
    const prev = last.current;
    const fresh = prev.key !== layout.key || prev.fit !== fitRequest;
    if (fresh) userMoved.current = false;
    const chart = { x: 0, y: 0, width: layout.width, height: layout.height };
    const nodes = layout.nodes.filter((n) => !n.parent).map(nodeRect);
    onMinZoom(minZoomFor(wholeChart({ panel: g.panel, chart, nodes, overlays: g.overlays })));
    const onlyResized = !fresh && prev.layout === layout && prev.focus === focus;
    const small =
      !!prev.size &&
      Math.abs(g.panel.width - prev.size.width) <= REFIT_CHANGE * prev.size.width &&
      Math.abs(g.panel.height - prev.size.height) <= REFIT_CHANGE * prev.size.height;
    last.current = { key: layout.key, layout, focus, fit: fitRequest, size: onlyResized && small ? prev.size : g.panel };
    if (userMoved.current || (onlyResized && small)) return;
    const [x, y, zoom] = store.getState().transform;
    const current = { x, y, zoom };
    const target = cameraTarget({
      ...g,
      chart,
      nodes,
      phase: activeRect(layout, highlight.phase),
      players,
      current: fresh || !prev.layout ? null : current,
    });
    if (!sameView(target, current)) flow.setViewport(target, { duration: prev.layout && !reducedMotion() ? EASE_MS : 0 });
  }, [initialized, geometry, layout, highlight.phase, players, focus, fitRequest, size, store, flow, userMoved, onMinZoom]);
  return null;
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

const miniMapClass = (n: Node) => `fs-mini fs-mini-${n.type}`;

/** The minimap, shown only while part of the chart is out of view (when it is all in view it would only hide some) and the panel has room for it. */
function ChartMiniMap({ layout }: { layout: ChartLayout }) {
  const content = useMemo(() => union(layout.nodes.filter((n) => !n.parent).map(nodeRect))!, [layout]);
  const allInView = useStore((s) => {
    const [x, y, zoom] = s.transform;
    const [left, top] = [x + content.x * zoom, y + content.y * zoom];
    // A small panel has no room for it: it would cover the part of the chart the camera keeps in view.
    const roomy = s.width >= 5 * MINIMAP_SIZE.width && s.height >= 5 * MINIMAP_SIZE.height;
    return !roomy || (left >= -1 && top >= -1 && left + content.width * zoom <= s.width + 1 && top + content.height * zoom <= s.height + 1);
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
    () => (current && previous ? routeMoves(layout, tokenMoves(placeTokens(wells, slotsOf(model, previous.chart)), placed, current)) : []),
    [current, previous, wells, placed, model, layout],
  );
  const edges = useMemo(() => markTaken(staticEdges, highlight.taken), [staticEdges, highlight.taken]);
  const [highlightStore] = useState(() => new HighlightStore());
  useLayoutEffect(() => highlightStore.set(highlight), [highlightStore, highlight]);
  const [fitRequest, setFitRequest] = useState(0);
  const [minZoom, setMinZoom] = useState(MIN_ZOOM);
  const fit = useCallback(() => setFitRequest((n) => n + 1), []);
  const userMoved = useRef(false);
  const onMoveStart = useCallback((event: unknown) => {
    if (event) userMoved.current = true;
  }, []);
  const onZoomButton = useCallback(() => {
    userMoved.current = true;
  }, []);
  const onFitButton = fit;
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
        minZoom={minZoom}
        maxZoom={MAX_ZOOM}
        className="fs-flow-root"
        // The step the chart shows (tests and the bench read it).
        data-step={shown?.index}
        onMoveStart={onMoveStart}
      >
        <Camera
          layout={layout}
          highlight={highlight}
          placed={placed}
          userMoved={userMoved}
          fitRequest={fitRequest}
          onMinZoom={setMinZoom}
        />
        <TokenMoves moves={moves} />
        <DotGrid />
        <Controls showInteractive={false} onFitView={onFitButton} onZoomIn={onZoomButton} onZoomOut={onZoomButton} position="top-right" />
        {showMiniMap && <ChartMiniMap layout={layout} />}
      </ReactFlow>
    </HighlightContext.Provider>
  );
}

/** The phase of the selected step (the last one known while the next is on its way). */
function useStepPhase(): string | null {
  const phase = useApp((s) => {
    const step = s.summaries.get(s.selected) ?? (s.detail?.index === s.selected ? s.detail : null);
    return step ? phaseOf(step.chart) : null;
  });
  const last = useRef<string | null>(null);
  if (phase) last.current = phase;
  return phase ?? last.current;
}

function ChartView({ model }: { model: ChartModel }) {
  const ref = useRef<HTMLDivElement>(null);
  const focus = useStepPhase();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const folds = useMemo(
    () => ({
      toggle: (key: string) =>
        setExpanded((was) => {
          const next = new Set(was);
          if (!next.delete(key)) next.add(key);
          return next;
        }),
      expanded,
    }),
    [expanded],
  );
  // A lesson's step keeps open the phases whose turn or stages it points at.
  const refs = useLearn((s) => (s.mode === 'lesson' && s.lesson ? s.lesson.lesson.steps[s.index]?.highlight : undefined));
  const open = useMemo(() => {
    const keys = refs?.length ? phasesToOpen(model, refs) : [];
    return keys.length ? new Set([...expanded, ...keys]) : expanded;
  }, [refs, model, expanded]);
  const { layout, error } = useChartLayout(model, ref, focus, open);
  return (
    <div className="fs-chart" ref={ref}>
      {layout ? (
        <ReactFlowProvider>
          <FoldContext.Provider value={folds}>
            <Chart model={model} layout={layout} root={ref} />
          </FoldContext.Provider>
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
