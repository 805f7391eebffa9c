import { watch, type FSWatcher } from 'chokidar';

/**
 * Watches a game's files (the entry and every local file it imports) and calls `onChange` once
 * per burst of edits. `files` can be replaced when a reload finds new imports.
 */
export class GameWatcher {
  private watcher: FSWatcher | null = null;
  private files: string[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly onChange: (changed: string) => void,
    private readonly debounceMs = 150,
  ) {}

  setFiles(files: readonly string[]): void {
    const next = [...new Set(files)].sort();
    if (next.join('\n') === this.files.join('\n')) return;
    this.files = next;
    void this.watcher?.close();
    this.watcher = next.length
      ? watch(next, { ignoreInitial: true, awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 20 } })
      : null;
    this.watcher?.on('all', (_event, file) => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => this.onChange(file), this.debounceMs);
    });
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    await this.watcher?.close();
    this.watcher = null;
  }
}
