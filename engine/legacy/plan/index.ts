/**
 * The migration plan: the 0.50 config as a tree that knows where each part came from, built once
 * so that `migrateConfig` (the runnable object) and `migrateSource` (the source text) make the
 * same decisions.
 */
export { buildPlan } from './build-plan';
export type { AdaptSpec, Core050, Entry, Node, Plan } from './plan-tree';
