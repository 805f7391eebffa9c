import type { MenuCommand } from '../../engine';

/** What a menu item asks for (defined once, by the engine's `menuCommandSchema`); `desktop.ts` maps each to the main process or the renderer. */
export type { MenuCommand };

export interface MenuItem {
  label?: string;
  role?: string;
  type?: 'separator' | 'submenu';
  accelerator?: string;
  enabled?: boolean;
  submenu?: MenuItem[];
  click?: () => void;
}

/** The menus of a desktop tool: File and View (plus the platform's Edit and Window roles). */
export function buildMenuTemplate(recent: readonly string[], run: (command: MenuCommand) => void, platform: string): MenuItem[] {
  const item = (label: string, command: MenuCommand, accelerator?: string): MenuItem => ({ label, accelerator, click: () => run(command) });
  const base = (file: string) => file.split(/[\\/]/).slice(-2).join('/');
  const file: MenuItem = {
    label: 'File',
    submenu: [
      item('Open Game…', { kind: 'open-game' }, 'CmdOrCtrl+O'),
      {
        label: 'Open Recent',
        enabled: recent.length > 0,
        submenu: recent.length
          ? recent.map((f) => item(base(f), { kind: 'open-recent', file: f }))
          : [{ label: 'No recent games', enabled: false }],
      },
      { type: 'separator' },
      item('Open Replay…', { kind: 'open-replay' }, 'CmdOrCtrl+Shift+O'),
      item('Save Replay…', { kind: 'save-replay' }, 'CmdOrCtrl+S'),
      {
        label: 'Export Chart',
        submenu: [
          item('SVG…', { kind: 'export-chart', format: 'svg' }),
          item('PNG…', { kind: 'export-chart', format: 'png' }),
          item('Mermaid…', { kind: 'export-chart', format: 'mermaid' }),
          item('XState JSON…', { kind: 'export-chart', format: 'xstate' }),
        ],
      },
      { type: 'separator' },
      item('Follow a Game You Run…', { kind: 'show-attach' }),
      { type: 'separator' },
      { role: platform === 'darwin' ? 'close' : 'quit' },
    ],
  };
  const view: MenuItem = {
    label: 'View',
    submenu: [
      item('Zoom to Fit', { kind: 'zoom-fit' }, 'CmdOrCtrl+0'),
      { type: 'separator' },
      item('Toggle Log', { kind: 'toggle-panel', panel: 'log' }, 'CmdOrCtrl+1'),
      item('Toggle Controls', { kind: 'toggle-panel', panel: 'controls' }, 'CmdOrCtrl+2'),
      item('Toggle Inspector', { kind: 'toggle-panel', panel: 'inspector' }, 'CmdOrCtrl+3'),
      { type: 'separator' },
      item('Light', { kind: 'theme', theme: 'light' }),
      item('Dark', { kind: 'theme', theme: 'dark' }),
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const menus = [file, { role: 'editMenu' }, view, { role: 'windowMenu' }];
  return platform === 'darwin' ? [{ role: 'appMenu' }, ...menus] : menus;
}
