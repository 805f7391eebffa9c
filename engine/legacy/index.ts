/**
 * Migrating legacy boardgame.io game configs (the `flow` API of ≤0.32, `(G, ctx)` functions of
 * ≤0.49) to boardgame.io 0.50: detection, a runnable migrated config, paste-able source, and the
 * behaviour differences between releases. Pure TypeScript. See docs/migration.md.
 *
 * The face of the folder: `analysis/` reads what a legacy config means, `releases/` which release
 * a source was written for and how releases differ, `plan/` decides the migration once,
 * `adapters/` runs legacy functions on 0.50, `emit/` writes the plan out as a runnable config and
 * as source. Each imports only the ones before it; none imports this file.
 */
export { detectLegacy, CHANGED_IN } from './analysis/detect';
export { migrateConfig } from './emit/migrate-config';
export { migrateSource, migrateSourceFiles, type LocalFiles } from './emit/migrate-source';
export { definingFile } from '../source/modules';
export { semanticDifferences, differencesFor, differenceShownBy, type SemanticDifference, type DiffContext } from './releases/differences';
export { LEGACY_SPEC, recordingGame, legacyCoreModule, readLegacy } from './analysis/read-legacy';
export { legacyTurnOrders, legacyPresetOf } from './analysis/turn-order-presets';
export type * from './analysis/types';
export {
  RELEASE_MARKERS,
  findReleaseEvidence,
  chooseByEvidence,
  judge,
  describeEvidence,
  type EvidenceChoice,
} from './releases/release-evidence';
export type { ReleaseMarker, ReleaseEvidence, SourceFile } from './releases/evidence';
export { legacyOptionsOf } from './analysis/legacy-options';
