import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate, type MenuItem } from './menu';

const find = (items: MenuItem[], label: string) => items.find((i) => i.label === label)!;

describe('the application menu', () => {
  it('has File with open, recent, replays, chart export and following a game, and View with fit, panels and theme', () => {
    const run = vi.fn();
    const menu = buildMenuTemplate(['/games/a/game.ts', '/games/b/game.ts'], run, 'linux');
    const file = find(menu, 'File').submenu!;
    expect(file.filter((i) => i.label).map((i) => i.label)).toEqual([
      'Open Game…',
      'Open Recent',
      'Open Replay…',
      'Save Replay…',
      'Export Chart',
      'Follow a Game You Run…',
    ]);
    find(file, 'Follow a Game You Run…').click!();
    expect(run).toHaveBeenLastCalledWith({ kind: 'show-attach' });
    expect(find(file, 'Open Game…').accelerator).toBe('CmdOrCtrl+O');
    find(file, 'Open Recent').submenu![1].click!();
    expect(run).toHaveBeenLastCalledWith({ kind: 'open-recent', file: '/games/b/game.ts' });
    const exports = find(file, 'Export Chart').submenu!;
    exports.forEach((i) => i.click!());
    expect(run.mock.calls.slice(-4).map(([c]) => c.format)).toEqual(['svg', 'png', 'mermaid', 'xstate']);
    const view = find(menu, 'View').submenu!;
    expect(view.filter((i) => i.label).map((i) => i.label)).toEqual([
      'Zoom to Fit',
      'Toggle Log',
      'Toggle Controls',
      'Toggle Inspector',
      'Light',
      'Dark',
    ]);
    find(view, 'Toggle Inspector').click!();
    expect(run).toHaveBeenLastCalledWith({ kind: 'toggle-panel', panel: 'inspector' });
  });
  it('disables Open Recent when there is nothing recent, and adds the app menu on macOS', () => {
    const linux = buildMenuTemplate([], vi.fn(), 'linux');
    expect(find(find(linux, 'File').submenu!, 'Open Recent').enabled).toBe(false);
    expect(buildMenuTemplate([], vi.fn(), 'darwin')[0]).toEqual({ role: 'appMenu' });
  });
});
