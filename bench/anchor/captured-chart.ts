/** What the anchor page draws: the chart's nodes and edges as Flowscope's page showed them. */
export interface AnchorChart {
  width: number;
  height: number;
  viewport: { x: number; y: number; zoom: number };
  nodes: { id: string; x: number; y: number; width: number; height: number; label: string }[];
  edges: { id: string; d: string }[];
}
