/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's internals (its flow, reducer, ctx and events API) are untyped and differ from release to release. */
import type { GameConfig } from '../../types';
import { isProcessedFlow } from './spec';
import type { FlowRelease } from './release';

const isObject = (v: unknown): v is Record<string, any> => !!v && typeof v === 'object';

/**
 * Read-only lookups in the user's (uninstrumented) spec with the release's resolution rules:
 * phase-level settings override `flow`-level ones, and the implicit `default` phase.
 */
export class SpecView {
  readonly flow: Record<string, any>;
  /** The phases the release will know, in its order. */
  readonly phaseNames: string[];
  /** The flow is a processed `Flow(...)`: nothing inside it can be looked up. */
  readonly opaque: boolean;
  private readonly phases = new Map<string, Record<string, any>>();

  constructor(
    readonly spec: GameConfig,
    readonly release: FlowRelease,
  ) {
    this.opaque = isProcessedFlow(spec.flow);
    this.flow = isObject(spec.flow) && !this.opaque ? spec.flow : {};
    const raw = this.flow.phases;
    if (release.phases === 'array') {
      if (Array.isArray(raw) && raw.length > 0) {
        // Keyed as the release keys them (`phaseMap[conf.name]`).
        for (const p of raw) this.phases.set(String(isObject(p) ? p.name : undefined), isObject(p) ? p : {});
      } else this.phases.set('default', {});
    } else {
      if (isObject(raw)) for (const [name, p] of Object.entries(raw)) if (name !== 'default') this.phases.set(name, isObject(p) ? p : {});
      this.phases.set('default', {});
    }
    this.phaseNames = [...this.phases.keys()];
  }

  phase(name: string | null | undefined): Record<string, any> | undefined {
    return name === null || name === undefined ? undefined : this.phases.get(name);
  }

  phasePath(name: string): string {
    return `flow.phases.${name}`;
  }

  /** `flow.phases.draw`, or `the implicit default phase` (which is not written anywhere). */
  describePhase(name: string): string {
    return this.isImplicit(name) ? `the implicit ${name} phase` : this.phasePath(name);
  }

  isImplicit(name: string): boolean {
    if (name !== 'default') return false;
    const raw = this.flow.phases;
    if (this.release.phases === 'array') return !Array.isArray(raw) || !raw.some((p) => isObject(p) && p.name === 'default');
    return true;
  }

  /** A phase's own setting, or the flow-level one it inherits, with where it is written. */
  setting(phase: string | null | undefined, key: string): { value: any; path: string } | undefined {
    const own = this.phase(phase);
    if (own && own[key] !== undefined && phase !== null && phase !== undefined)
      return { value: own[key], path: `${this.phasePath(phase)}.${key}` };
    if (this.flow[key] !== undefined) return { value: this.flow[key], path: `flow.${key}` };
    return undefined;
  }

  hasPhase(name: unknown): boolean {
    return typeof name === 'string' && this.phases.has(name);
  }
}
