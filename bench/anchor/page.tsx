// The UI rows' anchor: a bare React Flow page with no Flowscope code, showing the nodes and edges
// the chart showed (captured from its DOM), whose step is to move the "active" class to another
// node. A Flowscope step costs a chart frame plus Flowscope's own work; this page costs the frame.
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import ReactFlow, { type Edge, type EdgeProps, type Node } from 'reactflow';
import 'reactflow/dist/style.css';
import type { AnchorChart } from './captured-chart';

declare global {
  interface Window {
    anchorChart: AnchorChart;
    anchorSetActive?: (index: number) => void;
  }
}

function PathEdge({ data }: EdgeProps<{ d: string }>) {
  return <path className="react-flow__edge-path" d={data?.d} fill="none" stroke="#888" strokeWidth={1.5} />;
}
const edgeTypes = { path: PathEdge };

function AnchorChartView({ chart }: { chart: AnchorChart }) {
  const [active, setActive] = useState(0);
  window.anchorSetActive = setActive;
  const nodes = useMemo<Node[]>(
    () =>
      chart.nodes.map((n, i) => ({
        id: n.id,
        position: { x: n.x, y: n.y },
        data: { label: n.label },
        style: { width: n.width, height: n.height, fontSize: 11, padding: 4, overflow: 'hidden' },
        className: i === active ? 'anchor-active' : '',
        draggable: false,
        selectable: false,
      })),
    [chart, active],
  );
  const edges = useMemo<Edge[]>(
    () => chart.edges.map((e) => ({ id: e.id, source: chart.nodes[0].id, target: chart.nodes[0].id, type: 'path', data: { d: e.d } })),
    [chart],
  );
  return (
    <div style={{ width: chart.width, height: chart.height }} data-active={active}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        edgeTypes={edgeTypes}
        defaultViewport={chart.viewport}
        proOptions={{ hideAttribution: true }}
      />
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<AnchorChartView chart={window.anchorChart} />);
