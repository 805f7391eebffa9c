import { z } from '../schema/zod';

/**
 * What a desktop menu item asks for, defined once: the main process builds the menus from it and
 * the renderer checks each command it is sent against it.
 */
export const menuCommandSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('open-game') }),
  z.object({ kind: z.literal('open-recent'), file: z.string() }),
  z.object({ kind: z.literal('open-replay') }),
  z.object({ kind: z.literal('save-replay') }),
  z.object({ kind: z.literal('export-chart'), format: z.enum(['svg', 'png', 'mermaid', 'xstate']) }),
  z.object({ kind: z.literal('zoom-fit') }),
  z.object({ kind: z.literal('toggle-panel'), panel: z.enum(['log', 'controls', 'inspector']) }),
  z.object({ kind: z.literal('theme'), theme: z.enum(['light', 'dark']) }),
  /** Show the pairing token and the line to add to a game you run, to follow it. */
  z.object({ kind: z.literal('show-attach') }),
]);

export type MenuCommand = z.output<typeof menuCommandSchema>;
