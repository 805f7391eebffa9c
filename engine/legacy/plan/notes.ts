import type { LegacyEra, LegacyFeature, MigrationNote } from '../analysis/types';

/** What a planning step needs to write notes: the era it plans for, and the note itself. */
export interface NoteTaker {
  readonly era: LegacyEra;
  /** Whether the game is of the flow era (≤0.32). */
  readonly flow: boolean;
  note(severity: MigrationNote['severity'], feature: LegacyFeature | undefined, path: string, message: string, to?: string): void;
}

/** A path or name as code in a note. */
export const q = (s: string): string => `\`${s}\``;
