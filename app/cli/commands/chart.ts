import { chartMachineConfig, chartOf, chartToMermaid } from '../../../engine';
import { UsageError } from '../errors';
import { checkPlayerCount, defaultPlayerCount, openGame, type OpenOptions } from '../../game/open-session';

export const CHART_FORMATS = ['json', 'xstate', 'mermaid'] as const;
export type ChartFormat = (typeof CHART_FORMATS)[number];

/** `flowscope chart`: the chart model, the XState machine definition, or a Mermaid diagram. */
export async function chartCommand(
  file: string,
  options: { game?: string; players?: number; format: string; bgio?: string; open?: OpenOptions },
  print: (line: string) => void,
): Promise<number> {
  if (!(CHART_FORMATS as readonly string[]).includes(options.format)) {
    throw new UsageError(`--format must be one of ${CHART_FORMATS.join(', ')}, got ${options.format}`);
  }
  const opened = await openGame(file, options.game, options.bgio, undefined, options.open);
  const players = options.players ?? defaultPlayerCount(opened.game);
  checkPlayerCount(opened.game, players);
  const model = chartOf(opened.game.config, players, opened.runtime);
  switch (options.format as ChartFormat) {
    case 'json':
      print(JSON.stringify(model, null, 2));
      break;
    case 'xstate':
      print(JSON.stringify(chartMachineConfig(model), null, 2));
      break;
    case 'mermaid':
      print(chartToMermaid(model).trimEnd());
      break;
  }
  return 0;
}
