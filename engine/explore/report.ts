import type { ChartModel } from '../chart/model';
import { describeCall } from '../trace/describe';
import type { GameConfig } from '../types';
import { sortByTrust, type ArgSource } from './arguments/sources';
import { isGuessedSource } from './guessed';
import { mergeCounts, summariseCoverage, type CoverageCounts, type CoverageSummary } from './coverage';
import { FINDING_KINDS, findingKey, type FindingKind } from './findings';
import type { ExploreOptions, RunOutcome } from './runs';
import type { MinimalReplay } from './shrink';

/** One bug, however many times the runs showed it. */
export interface FindingGroup {
  key: string;
  kind: FindingKind;
  location: string;
  /** The message of its first occurrence. */
  message: string;
  /** Steps that showed it, over all runs. */
  count: number;
  /** Runs that showed it. */
  runs: number;
  /** The first run that showed it, and the step. */
  firstRun: number;
  firstStep: number;
  replay: MinimalReplay | null;
  /** Where the arguments of the action that first showed it came from (none for a state or the game's creation). */
  argSource: ArgSource | null;
  /** Every argument source of the actions that showed it and of its replay's actions, most trusted first. */
  argSources: ArgSource[];
  /**
   * Actions of the replay before the step that shows it whose arguments explore picked from the
   * state or left out: a finding that needs them may come from a state no client reaches.
   */
  guessedInReplay?: number;
  /** For a dead end: the client events that leave it. */
  leavingEvents?: string[];
}

/**
 * A coverage note: a move explore played only with made-up arguments that threw or were refused
 * because of them. Not a finding: it is about explore's guesses, not the game.
 */
export interface ArgumentNote {
  move: string;
  message: string;
  /** Whether the move was ever accepted (with some other arguments). */
  accepted: boolean;
  /** How many times made-up arguments failed. */
  count: number;
  /** A few of the calls tried. */
  tried: string[];
  reasons: string[];
}

export interface ExploreReport {
  game: string;
  bgio: string;
  numPlayers: number;
  seed: string;
  runs: number;
  stepsPerRun: number;
  /** Actions played over all runs. */
  totalSteps: number;
  endings: Record<RunOutcome['ended'], number>;
  findings: FindingGroup[];
  /** Moves explore could not find valid arguments for (coverage notes, not findings). */
  notes: ArgumentNote[];
  coverage: CoverageSummary;
  /** Raw counts by chart id, for painting. */
  counts: CoverageCounts;
}

/** Merges run outcomes (from any number of workers) into one report: findings grouped by kind and place, coverage summed. */
export function buildReport(
  meta: { game: string; bgio: string; numPlayers: number; config: GameConfig },
  model: ChartModel,
  options: ExploreOptions,
  outcomes: readonly RunOutcome[],
): ExploreReport {
  const grouped = groupOutcomes(outcomes);
  return {
    game: meta.game,
    bgio: meta.bgio,
    numPlayers: meta.numPlayers,
    seed: options.seed,
    runs: grouped.runs,
    stepsPerRun: options.steps,
    totalSteps: grouped.totalSteps,
    endings: grouped.endings,
    findings: grouped.findings,
    notes: grouped.notes,
    coverage: summariseCoverage(model, meta.config, grouped.counts),
    counts: grouped.counts,
  };
}

/** Run outcomes in run order, whoever played them: totals, endings, findings grouped by kind and place, coverage counts summed. */
export function groupOutcomes(
  outcomes: readonly RunOutcome[],
): Pick<ExploreReport, 'runs' | 'totalSteps' | 'endings' | 'findings' | 'notes' | 'counts'> {
  const sorted = [...outcomes].sort((a, b) => a.run - b.run);
  const groups = new Map<string, FindingGroup>();
  const counts: CoverageCounts = {};
  const endings: ExploreReport['endings'] = { gameover: 0, stuck: 0, 'dead-end': 0, steps: 0, 'setup-failed': 0, 'no-valid-arguments': 0 };
  let totalSteps = 0;
  for (const outcome of sorted) {
    totalSteps += outcome.steps;
    endings[outcome.ended]++;
    mergeCounts(counts, outcome.coverage);
    for (const f of outcome.findings) {
      const key = findingKey(f);
      const group = groups.get(key);
      if (group) {
        group.count += f.count;
        group.runs++;
        group.replay ??= outcome.replays[key] ?? null;
        if (f.argSource && !group.argSources.includes(f.argSource)) group.argSources.push(f.argSource);
      } else {
        groups.set(key, {
          key,
          kind: f.kind,
          location: f.location,
          message: f.message,
          count: f.count,
          runs: 1,
          firstRun: outcome.run,
          firstStep: f.step,
          replay: outcome.replays[key] ?? null,
          argSource: f.argSource ?? null,
          argSources: f.argSource ? [f.argSource] : [],
          ...(f.leavingEvents ? { leavingEvents: f.leavingEvents } : {}),
        });
      }
    }
  }
  for (const group of groups.values()) withReplaySources(group);
  const rank = (k: FindingKind) => FINDING_KINDS.indexOf(k);
  const findings = [...groups.values()].sort((a, b) => rank(a.kind) - rank(b.kind) || b.count - a.count || a.key.localeCompare(b.key));
  return { runs: sorted.length, totalSteps, endings, findings, notes: argumentNotes(sorted, counts), counts };
}

/**
 * Adds the sources of the group's replay to its `argSources`, and counts the actions before the
 * step that shows it whose arguments were guessed (`isGuessedSource`): that step's own were
 * judged when it was classified; for a state (stuck, a dead end, non-determinism) every action counts.
 */
export function withReplaySources<G extends FindingGroup>(group: G): G {
  const sources = group.replay?.sources ?? [];
  group.argSources = sortByTrust([...group.argSources, ...sources]);
  const before = STATE_KINDS.includes(group.kind) ? sources : sources.slice(0, -1);
  const guessed = before.filter((s) => s !== undefined && isGuessedSource(s)).length;
  if (guessed) group.guessedInReplay = guessed;
  return group;
}

const STATE_KINDS: readonly FindingKind[] = ['stuck', 'dead-end', 'nondeterminism'];

/** The runs' argument misses, one note per move, most frequent first. */

function argumentNotes(outcomes: readonly RunOutcome[], counts: CoverageCounts): ArgumentNote[] {
  const notes = new Map<string, ArgumentNote>();
  for (const outcome of outcomes)
    for (const miss of outcome.misses ?? []) {
      let note = notes.get(miss.move);
      if (!note) {
        const accepted = Object.entries(counts).some(
          ([id, n]) => n > 0 && (id === `move:moves.${miss.move}` || (id.startsWith('move:') && id.endsWith(`.moves.${miss.move}`))),
        );
        note = { move: miss.move, message: '', accepted, count: 0, tried: [], reasons: [] };
        notes.set(miss.move, note);
      }
      note.count++;
      const call = describeCall(miss.move, miss.args);
      if (note.tried.length < 5 && !note.tried.includes(call)) note.tried.push(call);
      const reason = miss.reason.split('\n')[0];
      if (note.reasons.length < 3 && !note.reasons.includes(reason)) note.reasons.push(reason);
    }
  const refusals = (note: ArgumentNote) => note.reasons.every((r) => r.startsWith('refused by throwing'));
  for (const note of notes.values())
    note.message = note.accepted
      ? refusals(note)
        ? `\`${note.move}\` was refused by throwing ${note.count} time${note.count === 1 ? '' : 's'} (not a finding: explore cannot tell whether the game's UI offers those arguments then)`
        : `some arguments explore made up for \`${note.move}\` failed ${note.count} time${note.count === 1 ? '' : 's'} (not a finding: they are not arguments a client sends)`
      : `explore could not find valid arguments for \`${note.move}\` (tried ${note.tried.join(', ')}: ${note.reasons[0]})`;
  return [...notes.values()].sort((a, b) => Number(a.accepted) - Number(b.accepted) || b.count - a.count || a.move.localeCompare(b.move));
}
