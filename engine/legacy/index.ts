/**
 * Migrating legacy boardgame.io game configs (the `flow` API of ≤0.32, `(G, ctx)` functions of
 * ≤0.49) to boardgame.io 0.50: detection, a runnable migrated config, paste-able source, and the
 * behaviour differences between releases. Pure TypeScript. See docs/migration.md.
 */
export { detectLegacy, CHANGED_IN } from './detect';
export { migrateConfig } from './migrate';
export { migrateSource, migrateSourceFiles, type LocalFiles } from './emit';
export { definingFile } from './modules';
export { semanticDifferences, differencesFor, differenceShownBy, type SemanticDifference, type DiffContext } from './differences';
export { LEGACY_SPEC, recordingGame, legacyCoreModule, readLegacy } from './spec';
export { legacyTurnOrders, legacyPresetOf } from './presets';
export type * from './types';
export {
  RELEASE_MARKERS,
  findReleaseEvidence,
  chooseByEvidence,
  judge,
  describeEvidence,
  type ReleaseMarker,
  type ReleaseEvidence,
  type EvidenceChoice,
  type SourceFile,
} from './release-evidence';
export { legacyOptionsOf } from './options';
