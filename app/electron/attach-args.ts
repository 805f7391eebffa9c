import { parseArgs } from 'node:util';
import type { LiveHostOptions } from '../attach/live-host';

/**
 * The attach endpoint's options among the desktop app's command-line arguments, spelt as
 * `flowscope serve` takes them: `--attach-port P`, `--attach-token T`, `--attach-origin ORIGIN`
 * (repeatable; replaces the local development servers), `--no-attach`. Anything else is left to
 * others (Electron's and Chromium's own switches, the game file). A bad value is named in
 * `problems` and left out.
 */
export function attachOptionsFromArgv(argv: readonly string[]): { attach: LiveHostOptions; problems: string[] } {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      'attach-port': { type: 'string' },
      'attach-token': { type: 'string' },
      'attach-origin': { type: 'string', multiple: true },
      'no-attach': { type: 'boolean' },
    },
    strict: false,
    allowPositionals: true,
  });
  if (values['no-attach'] === true) return { attach: false, problems: [] };
  const problems: string[] = [];
  const text = (flag: string, value: unknown): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value === 'string' && value !== '') return value;
    problems.push(`--${flag} needs a value`);
    return undefined;
  };
  const portText = text('attach-port', values['attach-port']);
  const port = portText === undefined ? undefined : Number(portText);
  const portOk = port === undefined || (Number.isInteger(port) && port >= 0 && port <= 65535);
  if (!portOk) problems.push(`--attach-port must be a port number from 0 to 65535, got ${portText}`);
  const token = text('attach-token', values['attach-token']);
  const origins = ((values['attach-origin'] ?? []) as unknown[])
    .map((o) => text('attach-origin', o))
    .filter((o): o is string => o !== undefined);
  return {
    attach: { ...(portOk && port !== undefined ? { port } : {}), ...(token ? { token } : {}), ...(origins.length ? { origins } : {}) },
    problems,
  };
}
