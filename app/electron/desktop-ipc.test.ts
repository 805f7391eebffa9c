import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DESKTOP_METHOD_SCHEMAS, DESKTOP_METHODS, desktopChannels, type DesktopMethodSchema } from '../../engine';
import { params } from '../../engine/host/host-methods';
import { hostMethodNames, preloadBuildOptions } from '../../scripts/preload-build.mjs';
import { COMMAND_CHANNEL, EVENT_CHANNEL, REQUEST_CHANNEL } from './channels';
import { registerDesktopIpc, type DesktopHandlers } from './ipc';
import { runPreload } from './testing/run-preload';
import { TRUSTED } from './testing/fake-electron';

const FOREIGN = { senderFrame: { url: 'https://evil.example/' } };
const SUBFRAME = { senderFrame: { url: 'flowscope://app/index.html', parent: {} } };

/** The table of today plus one more method, as a developer would add it. */
const EXTENDED = {
  ...DESKTOP_METHOD_SCHEMAS,
  shout: { channel: 'flowscope:shout', params: params(z.string().max(5)), result: z.string(), refused: null },
} as const satisfies Record<string, DesktopMethodSchema>;

function handlersFor() {
  return {
    saveLayout: vi.fn(),
    initialLayout: vi.fn(() => ({ panels: { log: true, controls: true, inspector: false }, theme: 'dark' as const })),
    exportChart: vi.fn(async () => true),
    shout: vi.fn((text: string) => text.toUpperCase()),
  } satisfies DesktopHandlers<typeof EXTENDED>;
}

/** The main process's handlers for `table`, and the preload built from the same table, wired together. */
async function bothEnds<T extends Record<string, DesktopMethodSchema>>(table: T, handlers: DesktopHandlers<T>, event: object = TRUSTED) {
  const registered = new Map<string, (event: any, ...args: unknown[]) => Promise<unknown>>();
  registerDesktopIpc({ handle: (channel, handler) => void registered.set(channel, handler) }, table, handlers);
  const out = await build({
    ...preloadBuildOptions({ hostMethods: await hostMethodNames(), desktopChannels: desktopChannels(table) }),
    write: false,
  });
  const code = out.outputFiles[0].text;
  const { exposed, invoked } = runPreload(code, (channel, ...args) => registered.get(channel)!(event, ...args));
  return { code, registered, desktop: exposed.flowscopeDesktop, invoked };
}

describe('the desktop calls (one table: the preload’s functions and the main process’s handlers)', () => {
  it('are today’s three calls on today’s channels, none of them a channel of the host protocol', () => {
    expect(desktopChannels()).toEqual({
      saveLayout: 'flowscope:layout',
      initialLayout: 'flowscope:initial-layout',
      exportChart: 'flowscope:export',
    });
    const channels = Object.values(desktopChannels());
    expect(new Set(channels).size).toBe(channels.length);
    for (const channel of [REQUEST_CHANNEL, EVENT_CHANNEL, COMMAND_CHANNEL]) expect(channels).not.toContain(channel);
  });

  it('a method added to the table appears on both ends, and a payload failing its schema is refused before its handler', async () => {
    const handlers = handlersFor();
    const { code, registered, desktop, invoked } = await bothEnds(EXTENDED, handlers);
    expect(code).not.toMatch(/zod|ZodError/);
    expect([...registered.keys()].sort()).toEqual(Object.values(desktopChannels(EXTENDED)).sort());
    expect(Object.keys(desktop).sort()).toEqual([...Object.keys(EXTENDED), 'onCommand', 'pathForFile'].sort());
    expect(await desktop.shout('hey')).toBe('HEY');
    expect(invoked).toEqual([['flowscope:shout', 'hey']]);
    expect(handlers.shout).toHaveBeenCalledTimes(1);
    expect(await desktop.shout(42)).toBeNull();
    expect(await desktop.shout('too long')).toBeNull();
    expect(await desktop.shout('a', 'b')).toBeNull();
    expect(await desktop.shout()).toBeNull();
    expect(handlers.shout).toHaveBeenCalledTimes(1);
  });

  it('refuses every call from a foreign frame or a subframe with the method’s refused answer; the handler never runs', async () => {
    for (const event of [FOREIGN, SUBFRAME, { senderFrame: null }]) {
      const handlers = handlersFor();
      const { desktop } = await bothEnds(EXTENDED, handlers, event);
      expect(await desktop.saveLayout({ theme: 'light' })).toBeUndefined();
      expect(await desktop.initialLayout()).toBeNull();
      expect(await desktop.exportChart('svg', 'data:image/svg+xml,<svg/>')).toBe(false);
      expect(await desktop.shout('hey')).toBeNull();
      for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled();
    }
  });

  it('checks each of today’s calls against its schema: a malformed payload gets the refused answer', async () => {
    const handlers = handlersFor();
    const { desktop } = await bothEnds(DESKTOP_METHOD_SCHEMAS, handlers);
    expect(DESKTOP_METHODS).toEqual(['saveLayout', 'initialLayout', 'exportChart']);
    await desktop.saveLayout({ panels: { inspector: false }, theme: 'light' });
    expect(handlers.saveLayout).toHaveBeenCalledWith({ panels: { inspector: false }, theme: 'light' });
    for (const bad of [{ panels: { log: 'no' } }, { theme: 'neon' }, { theme: 'dark', extra: 1 }, null])
      expect(await desktop.saveLayout(bad)).toBeUndefined();
    expect(handlers.saveLayout).toHaveBeenCalledTimes(1);
    expect(await desktop.initialLayout()).toEqual({ panels: { log: true, controls: true, inspector: false }, theme: 'dark' });
    expect(await desktop.initialLayout('extra')).toBeNull();
    expect(await desktop.exportChart('svg', 'data:image/svg+xml,<svg/>')).toBe(true);
    expect(await desktop.exportChart('svg', 'file:///etc/passwd')).toBe(false);
    expect(await desktop.exportChart('exe', 'data:image/png;base64,AA==')).toBe(false);
    expect(handlers.exportChart).toHaveBeenCalledTimes(1);
  });
});
