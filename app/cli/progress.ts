import cliProgress from 'cli-progress';

export interface Progress {
  tick(payload?: Record<string, unknown>): void;
  /** Sets the count (when the work reports how far it got rather than each item). */
  update(value: number, payload?: Record<string, unknown>): void;
  stop(): void;
}

/** A progress bar on stderr when both stdout and stderr are terminals; silent otherwise (CI logs, pipes, --json to a file). */
export function startProgress(total: number, unit: string): Progress {
  if (!process.stderr.isTTY || !process.stdout.isTTY) return { tick() {}, update() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      format: `{bar} {value}/{total} ${unit} | {findings} findings | {duration_formatted}`,
      hideCursor: true,
      clearOnComplete: true,
      stream: process.stderr,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { findings: 0 });
  return {
    tick: (payload) => bar.increment(1, payload),
    update: (value, payload) => bar.update(value, payload),
    stop: () => bar.stop(),
  };
}
