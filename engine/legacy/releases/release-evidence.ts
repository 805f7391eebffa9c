import semver from 'semver';
import type { ReleaseEvidence, ReleaseMarker, SourceFile } from './evidence';
import { hookEventEvidence } from './hook-event-evidence';

// What appeared or went away in each release (reference/boardgame-io-0.50.2.md §8 and the changelog).
export const RELEASE_MARKERS: ReleaseMarker[] = [
  {
    id: 'game-wrapper',
    what: '`Game({ … })` from boardgame.io/core (≤0.32)',
    releases: '<0.33',
    weight: 4,
    pattern: /\bGame\s*(?:<[^>]*>)?\s*\(\s*\{/,
    fileAlso: /\bGame\b[^;]*['"]boardgame\.io\/core['"]|require\(\s*['"]boardgame\.io\/core['"]\s*\)/,
  },
  { id: 'flow-section', what: 'a `flow: { … }` section (≤0.32)', releases: '<0.33', weight: 4, pattern: /\bflow\s*:\s*\{/ },
  {
    id: 'flow-keys',
    what: 'a flow key of ≤0.32 (`startingPhase`, `endPhaseIf`, `endTurnIf`, `movesPerTurn`, `allowedMoves`, `onPhaseBegin`, `onTurnBegin`…)',
    releases: '<0.33',
    weight: 3,
    pattern: /\b(startingPhase|endPhaseIf|endTurnIf|endGameIf|movesPerTurn|allowedMoves|onPhaseBegin|onPhaseEnd|onTurnBegin|onTurnEnd)\s*:/,
  },
  { id: 'phases-array', what: '`phases: [ … ]`, phases as an array (≤0.26)', releases: '<0.27', weight: 2, pattern: /\bphases\s*:\s*\[/ },
  {
    id: 'endTurn-player',
    what: "`endTurn('id')` / `endPhase('name')` with a bare string (≤0.26)",
    releases: '<0.27',
    weight: 1,
    pattern: /\b(endTurn|endPhase)\(\s*['"`]/,
  },
  {
    id: 'endPhase-next',
    what: '`endPhase({ next })` (0.27–0.32)',
    releases: '>=0.27 <0.33',
    weight: 1,
    pattern: /\bendPhase\(\s*\{\s*next\b/,
  },
  { id: 'setActionPlayers', what: '`setActionPlayers` (0.25–0.32)', releases: '>=0.25 <0.33', weight: 2, pattern: /\bsetActionPlayers\b/ },
  { id: 'actionPlayers', what: '`actionPlayers` (≤0.32)', releases: '<0.33', weight: 2, pattern: /\bactionPlayers\b/ },
  {
    id: 'active-players',
    what: '`activePlayers` / `setActivePlayers` / `setStage` / `endStage` (0.33+)',
    releases: '>=0.33',
    weight: 3,
    pattern: /\b(activePlayers|setActivePlayers|setStage|endStage)\b/,
  },
  { id: 'stages', what: '`stages: { … }` (0.33+)', releases: '>=0.33', weight: 2, pattern: /\bstages\s*:\s*\{/ },
  {
    id: 'moveLimit',
    what: '`moveLimit` (0.33–0.47; `minMoves`/`maxMoves` since 0.48)',
    releases: '>=0.33 <0.48',
    weight: 2,
    pattern: /\bmoveLimit\s*:/,
    supportOnly: true,
  },
  { id: 'min-max-moves', what: '`minMoves` / `maxMoves` (0.48+)', releases: '>=0.48', weight: 2, pattern: /\b(minMoves|maxMoves)\s*:/ },
  {
    id: 'context-object',
    what: 'functions taking the context object `({ G, ctx, … })` (0.50+)',
    releases: '>=0.50',
    weight: 5,
    pattern: /\(\s*\{\s*(?:G|ctx|events|random)\b[^}()]*\}\s*(?:,[^)]*)?\)\s*=>|\bfunction\s*\w*\s*\(\s*\{\s*(?:G|ctx|events|random)\b/,
    // A React board takes ({ G, ctx, moves }) in every release.
    unless: /\b(moves|isActive|isMultiplayer|matchData|sendChatMessage)\b/,
    // So do a plugin's own hooks (`isInvalid: ({ G }) => …`, `api: ({ ctx }) => …`).
    lineUnless: /\b(isInvalid|fnWrap|flush|api|dangerouslyFlushRawState|action)\s*:\s*(?:function\s*\w*\s*)?\(\s*\{/,
  },
  {
    id: 'context-events',
    what: '`events.…()` taken from the context object (0.50+)',
    releases: '>=0.50',
    weight: 1,
    pattern: /(?<![\w.]|ctx\.)events\.(endTurn|endPhase|setPhase|endGame|setActivePlayers|endStage|setStage)\(/,
    fileAlso: /\(\s*\{[^}]*\bevents\b/,
  },
  {
    id: 'g-ctx',
    what: 'functions taking `(G, ctx)` (≤0.49)',
    releases: '<0.50',
    weight: 2,
    pattern: /\(\s*G\s*(?::[^,()]*)?,\s*ctx\b/,
    supportOnly: true,
  },
  { id: 'ctx-events', what: '`ctx.events` / `ctx.random` (≤0.49)', releases: '<0.50', weight: 3, pattern: /\bctx\.(events|random)\b/ },
  {
    // A plugin that refuses actions: 0.39.16 and 0.43.3 never call it (their plugin API has no such key).
    id: 'plugin-isInvalid',
    what: "a plugin's `isInvalid` (0.49+; 0.43 and before never call it)",
    releases: '>=0.49',
    weight: 2,
    pattern: /\bisInvalid\s*(?::|\()/,
    fileAlso: /\bplugins\s*:|\bname\s*:/,
    supportOnly: true,
  },
];

const COMMENT_LINE = /^\s*(\/\/|\*|\/\*)/;
const STRING = /(['"`])(?:\\.|(?!\1).)*\1/g;

/** A line's code: the text of its string literals emptied (their quotes kept), a trailing comment dropped. */
function codeOf(line: string): string {
  return line.replace(STRING, '$1$1').replace(/\/\/.*$/, '');
}

/**
 * Every marker found in `files`: the first place of each marker in each file. `hooks: false` leaves
 * out the events called in hooks (`hookEventEvidence`), which parses every file: a release already
 * chosen by a lockfile or package.json does not need them.
 */
export function findReleaseEvidence(
  files: SourceFile[],
  markers: ReleaseMarker[] = RELEASE_MARKERS,
  { hooks = true }: { hooks?: boolean } = {},
): ReleaseEvidence[] {
  const found: ReleaseEvidence[] = [];
  for (const { file, text } of files) {
    const lines = text.split('\n');
    for (const marker of markers) {
      if (marker.fileAlso && !marker.fileAlso.test(text)) continue;
      const index = lines.findIndex((line) => {
        if (COMMENT_LINE.test(line)) return false;
        const code = codeOf(line);
        const match = marker.pattern.exec(code);
        return !!match && !(marker.unless && marker.unless.test(match[0])) && !(marker.lineUnless && marker.lineUnless.test(code));
      });
      if (index >= 0) found.push({ marker, file, line: index + 1 });
    }
  }
  if (hooks && markers === RELEASE_MARKERS) found.push(...hookEventEvidence(files));
  return found;
}

export interface EvidenceChoice {
  version: string;
  /** Evidence the chosen release agrees with. */
  agreeing: ReleaseEvidence[];
  /** Evidence that belongs to other releases (the code mixes styles). */
  conflicting: ReleaseEvidence[];
}

/**
 * The release among `versions` that agrees with the most (weighted) evidence; at equal weight the
 * newest. Null when there is no evidence at all.
 */
export function chooseByEvidence(versions: string[], evidence: ReleaseEvidence[]): EvidenceChoice | null {
  if (!evidence.length) return null;
  const ids = new Map<string, ReleaseMarker>();
  for (const e of evidence) ids.set(e.marker.id, e.marker);
  const score = (version: string) => [...ids.values()].reduce((sum, m) => sum + (semver.satisfies(version, m.releases) ? m.weight : 0), 0);
  const ranked = [...versions].sort((a, b) => score(b) - score(a) || semver.compare(b, a));
  const version = ranked[0];
  const choice = judge(version, evidence);
  // The evidence that fits the fewest releases says the most: it is named first.
  const fits = (e: ReleaseEvidence) => versions.filter((v) => semver.satisfies(v, e.marker.releases)).length;
  return { ...choice, agreeing: [...choice.agreeing].sort((a, b) => fits(a) - fits(b)) };
}

/** Splits `evidence` into what agrees with `version` and what does not. */
export function judge(version: string, evidence: ReleaseEvidence[]): EvidenceChoice {
  const agreeing = evidence.filter((e) => semver.satisfies(version, e.marker.releases));
  const conflicting = evidence.filter((e) => !e.marker.supportOnly && !semver.satisfies(version, e.marker.releases));
  return { version, agreeing, conflicting };
}

/** "`moveLimit` (0.33–0.47) at src/turn.ts:12" */
export function describeEvidence(e: ReleaseEvidence, shorten: (file: string) => string = (f) => f): string {
  return `${e.marker.what} at ${shorten(e.file)}:${e.line}`;
}
