/**
 * The desktop app's own calls from its renderer to the main process, defined once: the IPC
 * channel, the parameters, the result and the answer a refused call gets. The preload's
 * `window.flowscopeDesktop` functions (channels inlined at build time, scripts/preload-build.mjs),
 * the main process's handlers with their sender and payload checks (`registerDesktopIpc`,
 * app/electron/ipc.ts) and the renderer's `DesktopIpcApi` type are all derived from this table.
 */
import { z } from '../schema/zod';
import { params } from './host-methods';

const panelsSchema = z.strictObject({ log: z.boolean(), controls: z.boolean(), inspector: z.boolean() });
const themeSchema = z.enum(['light', 'dark']);

/** The panels and theme the desktop app remembers for the renderer (`saveLayout`); each key optional. */
export const layoutSchema = z.strictObject({ panels: panelsSchema.partial().optional(), theme: themeSchema.optional() });
export type LayoutUpdate = z.output<typeof layoutSchema>;

/** A chart image the renderer drew, to be saved by the main process (`exportChart`). */
export const chartImageSchema = params(
  z.enum(['svg', 'png']),
  z
    .string()
    .startsWith('data:image/')
    .max(64 * 1024 * 1024),
);

/** What one desktop call is: its channel, its parameter list, its result, and what a refused call answers. */
export interface DesktopMethodSchema {
  channel: `flowscope:${string}`;
  params: z.ZodType<readonly unknown[], readonly unknown[]>;
  result: z.ZodType;
  /** The answer to a call from a foreign frame or with parameters its schema refuses (the handler never runs). */
  refused: unknown;
}

export const DESKTOP_METHOD_SCHEMAS = {
  /** Remembers the renderer's panels and theme for the next start. */
  saveLayout: { channel: 'flowscope:layout', params: params(layoutSchema), result: z.void(), refused: undefined },
  /** The panels and theme remembered from the last run (null when refused). */
  initialLayout: {
    channel: 'flowscope:initial-layout',
    params: params(),
    result: z.object({ panels: panelsSchema, theme: themeSchema }).nullable(),
    refused: null,
  },
  /** Asks where to save a chart image the renderer drew, and saves it; false when cancelled or refused. */
  exportChart: { channel: 'flowscope:export', params: chartImageSchema, result: z.boolean(), refused: false },
} as const satisfies Record<string, DesktopMethodSchema>;

export type DesktopMethodSchemas = typeof DESKTOP_METHOD_SCHEMAS;
export type DesktopMethod = keyof DesktopMethodSchemas;

/** The renderer's side of a table of desktop calls: one function per method. */
export type DesktopIpcApiOf<T extends Record<string, DesktopMethodSchema>> = {
  [M in keyof T]: (...params: z.input<T[M]['params']>) => Promise<z.output<T[M]['result']>>;
};
/** The desktop calls the preload exposes on `window.flowscopeDesktop`. */
export type DesktopIpcApi = DesktopIpcApiOf<DesktopMethodSchemas>;

/** The method names, in definition order. */
export const DESKTOP_METHODS = Object.keys(DESKTOP_METHOD_SCHEMAS) as DesktopMethod[];

/**
 * Each method's channel, as the preload build inlines it.
 *
 * @example desktopChannels() // { saveLayout: 'flowscope:layout', initialLayout: 'flowscope:initial-layout', … }
 */
export function desktopChannels(table: Record<string, DesktopMethodSchema> = DESKTOP_METHOD_SCHEMAS): Record<string, string> {
  return Object.fromEntries(Object.entries(table).map(([method, { channel }]) => [method, channel]));
}
