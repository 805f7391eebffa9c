import { menuCommandSchema, type DesktopIpcApi, type MenuCommand } from '../../../engine/host/protocol';
import type { Controller } from '../state/controller';

/** What the desktop preload exposes besides the HostApi (absent in browser mode): the desktop calls, derived from their table, and two local helpers. */
type DesktopApi = DesktopIpcApi & {
  onCommand(listener: (command: unknown) => void): () => void;
  pathForFile(file: File): string;
};

const GAME_FILE = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/i;

export function desktopApi(): DesktopApi | null {
  return (globalThis as { flowscopeDesktop?: DesktopApi }).flowscopeDesktop ?? null;
}

const THEME_KEY = 'flowscope.theme';

/** Shows the theme and remembers it for the next visit (the desktop app also saves it with the layout). */
export function applyTheme(theme: 'light' | 'dark'): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage can be unavailable (private windows, file: pages); the theme then lasts one visit.
  }
}

function storedTheme(): 'light' | 'dark' | null {
  try {
    const theme = localStorage.getItem(THEME_KEY);
    return theme === 'light' || theme === 'dark' ? theme : null;
  } catch {
    return null;
  }
}

/** Menu commands, remembered layout (desktop), and drag-and-drop of games and replays (both modes). */
export function installBridge(controller: Controller): void {
  const { store } = controller;
  const desktop = desktopApi();
  installDrop(controller, desktop);
  const theme = storedTheme();
  if (theme) {
    store.set({ theme });
    applyTheme(theme);
  }
  if (!desktop) return;
  void desktop.initialLayout().then((layout) => {
    if (!layout) return;
    store.set({ panels: layout.panels, theme: layout.theme });
    applyTheme(layout.theme);
  });
  let last = '';
  store.subscribe(() => {
    const { panels, theme } = store.get();
    const next = JSON.stringify({ panels, theme });
    if (next !== last) {
      last = next;
      void desktop.saveLayout({ panels, theme });
    }
  });
  desktop.onCommand((payload) => {
    const parsed = menuCommandSchema.safeParse(payload);
    if (!parsed.success) return console.error('Flowscope ignored a malformed menu command', payload);
    const command: MenuCommand = parsed.data;
    switch (command.kind) {
      case 'zoom-fit':
        controller.fitChart();
        break;
      case 'toggle-panel':
        store.set((s) => ({ panels: { ...s.panels, [command.panel]: !s.panels[command.panel] } }));
        break;
      case 'theme':
        store.set({ theme: command.theme });
        applyTheme(command.theme);
        break;
      case 'show-attach':
        store.patch('live', { connectShown: true });
        break;
      case 'export-chart':
        if (command.format === 'svg' || command.format === 'png') {
          const format = command.format;
          controller.exportChart(format).then(
            (dataUrl) => void desktop.exportChart(format, dataUrl),
            (error) => controller.notify('error', `Export Chart: ${(error as Error).message}`),
          );
        }
        break;
    }
  });
}

function installDrop(controller: Controller, desktop: DesktopApi | null): void {
  window.addEventListener('dragover', (e) => {
    if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
  });
  window.addEventListener('drop', async (e) => {
    const file = e.dataTransfer?.files[0];
    if (!file) return;
    e.preventDefault();
    const filePath = desktop?.pathForFile(file);
    if (/\.json$/i.test(file.name)) await controller.openReplay(await file.text(), filePath || file.name);
    else if (GAME_FILE.test(file.name) && filePath) await controller.open({ game: filePath });
    else if (GAME_FILE.test(file.name)) {
      controller.notify(
        'info',
        `A browser page cannot read ${file.name}'s location: start \`flowscope serve ${file.name}\` (or the desktop app) to open a game file.`,
      );
    } else controller.notify('error', `${file.name} is neither a game file (.ts, .js, …) nor a replay (.json)`);
  });
}
