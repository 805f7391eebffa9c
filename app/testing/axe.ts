import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './ui-session';

export interface AxeViolation {
  rule: string;
  impact: string;
  target: string;
  html: string;
  summary: string;
}

/** The WCAG 2.0 and 2.1 rules at levels A and AA. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's WCAG 2 A/AA violations on the page as it is now (injected as a test tool: the page's
 * CSP allows only its own scripts, so the context needs `bypassCSP`).
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ path: path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js') });
  return page.evaluate(async (tags) => {
    const result = await (window as any).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.flatMap((v: any) =>
      v.nodes.map((n: any) => ({
        rule: v.id,
        impact: v.impact,
        target: String(n.target),
        html: n.html.slice(0, 120),
        summary: (n.failureSummary ?? '').split('\n').slice(1).join(' ').slice(0, 160),
      })),
    );
  }, WCAG_AA);
}
