/**
 * Text widths for sizing nodes before layout, measured in the DOM with the fonts of chart.css;
 * without a DOM (tests) it falls back to a per-character estimate.
 */
export type FontRole = 'title' | 'chip' | 'label' | 'small';

const ESTIMATE: Record<FontRole, number> = { title: 7.6, chip: 6.7, label: 6.2, small: 6.2 };

export type Measure = (text: string, role: FontRole) => number;

export const estimateText: Measure = (text, role) => Math.ceil(text.length * ESTIMATE[role]);

let probe: HTMLSpanElement | null | undefined;

/** A hidden span styled like the chart's text (chart.css `.fs-font-*`), to measure exactly as rendered. */
function probeElement(): HTMLSpanElement | null {
  if (probe !== undefined) return probe;
  try {
    if (typeof document === 'undefined' || !document.body) return (probe = null);
    probe = document.createElement('span');
    probe.setAttribute('aria-hidden', 'true');
    probe.style.cssText = 'position:absolute;left:-10000px;top:0;visibility:hidden;white-space:pre;pointer-events:none';
    document.body.appendChild(probe);
  } catch {
    probe = null;
  }
  return probe;
}

const cache = new Map<string, number>();

/** Measures with the DOM when there is one (exact: same fonts and glyph fallbacks as the nodes). */
export const measureText: Measure = (text, role) => {
  const el = probeElement();
  if (!el) return estimateText(text, role);
  const key = `${role}\u0000${text}`;
  let width = cache.get(key);
  if (width === undefined) {
    el.className = `fs-font-${role}`;
    el.textContent = text;
    width = el.getBoundingClientRect().width;
    if (!width && text) return estimateText(text, role);
    cache.set(key, width);
  }
  return width;
};
