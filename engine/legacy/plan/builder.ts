import { isPositional, type Role } from '../analysis/config-functions';
import type { LegacyEra, LegacyFeature, LegacyOptions, MigrationNote } from '../analysis/types';
import type { PhaseEntry, WrapEnv } from '../adapters/wrap';
import type { NoteTaker } from './notes';
import type { AdaptSpec, Core050, Fn, Node } from './plan-tree';
import { signatureNotes } from './signature-notes';

/** What every planning step shares: the era, the 0.50 presets, and the notes collected so far. */
export class Builder implements NoteTaker {
  notes: MigrationNote[] = [];
  /** Set when a flow-era game needs to know about phase changes (see `PhaseEntry`). */
  entry: PhaseEntry | null = null;
  private noted = new Set<string>();
  constructor(
    readonly era: LegacyEra,
    readonly env: WrapEnv,
    readonly options: LegacyOptions,
    readonly core050: Core050,
  ) {}

  note(severity: MigrationNote['severity'], feature: LegacyFeature | undefined, path: string, message: string, to?: string): void {
    const key = `${severity}|${feature}|${path}|${message}`;
    if (this.noted.has(key)) return;
    this.noted.add(key);
    this.notes.push({ severity, path, ...(to !== undefined ? { to } : {}), ...(feature ? { feature } : {}), message });
  }

  get flow(): boolean {
    return this.era === 'flow-0.26' || this.era === 'flow-0.32';
  }

  /** A config function: wrapped when written positionally, with notes on its signature and body. */
  fn(fn: Fn, role: Role, from: string, to: string, adapt?: AdaptSpec): Node {
    const legacy = isPositional(fn, role, this.era);
    if (legacy) signatureNotes(this, fn, role, from, to);
    return { t: 'fn', fn, role, legacy, from, ...(adapt && legacy ? { adapt } : {}) };
  }
}
