import { main } from '../main';

/** Runs `flowscope …argv` in this process: its exit code, and what it printed to stdout and stderr. */
export async function runCli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { print: (l) => out.push(l), warn: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
