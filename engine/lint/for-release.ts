import type { BgioRuntime } from '../runtime/bgio-runtime';
import type { GameConfig } from '../types';
import { lintConfig, type LintFinding } from './lint';

/**
 * Lint for the release a game runs on: every rule on 0.50; on the `(G, ctx)` releases every rule
 * but the signature one (that signature is right there); the `flow` API has another shape, so it
 * gets one pointer to `flowscope migrate` instead of findings about a shape it does not have.
 */
export function lintForRelease(config: GameConfig, runtime: BgioRuntime): LintFinding[] {
  if (runtime.era === 'flow') {
    return [
      {
        code: 'flow-api',
        severity: 'info',
        message: `written for boardgame.io ${runtime.version}'s flow API: the flow rules are not checked; \`flowscope migrate\` shows it in today's API and \`flowscope compare\` where it would behave differently`,
      },
    ];
  }
  const core = runtime.modules['boardgame.io/core'] as { TurnOrder?: Record<string, unknown> } | undefined;
  const findings = lintConfig(config, core?.TurnOrder ?? {}, runtime.version);
  return runtime.era === 'context' ? findings : findings.filter((f) => f.code !== 'legacy-signature');
}
