import { z } from '../schema/zod';

/** The panels and theme the desktop app remembers for the renderer (`flowscope:layout`); each key optional. */
export const layoutSchema = z.strictObject({
  panels: z.strictObject({ log: z.boolean(), controls: z.boolean(), inspector: z.boolean() }).partial().optional(),
  theme: z.enum(['light', 'dark']).optional(),
});
export type LayoutUpdate = z.output<typeof layoutSchema>;

/** A chart image the renderer drew, to be saved by the main process (`flowscope:export`). */
export const chartImageSchema = z.tuple([
  z.enum(['svg', 'png']),
  z
    .string()
    .startsWith('data:image/')
    .max(64 * 1024 * 1024),
]);
