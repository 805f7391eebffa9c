/** What the chart panel lets the rest of the UI ask of it (the menu's Zoom to Fit and Export Chart). */
export interface ChartHandle {
  fit(): void;
  /** The whole laid-out chart as an image, as a data URL. */
  exportImage(format: 'svg' | 'png'): Promise<string>;
}
