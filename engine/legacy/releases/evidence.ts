/** What release evidence is: the signs of a release in a game's source, and where each was found. */
/** One sign in a game's source of the boardgame.io releases it was written for. */
export interface ReleaseMarker {
  id: string;
  /** What was found, for the user ("`moveLimit` (0.33–0.47)"). */
  what: string;
  /** The releases (semver range) in which the code means what it says. */
  releases: string;
  /** How much the sign says: a whole API style outweighs a single key. */
  weight: number;
  pattern: RegExp;
  /** Only count a match when the file as a whole also matches this. */
  fileAlso?: RegExp;
  /** Skip a match whose text matches this (e.g. a React board's props). */
  unless?: RegExp;
  /** Skip a match on a line that matches this (a plugin's own hooks take an object in every release). */
  lineUnless?: RegExp;
  /** Evidence for its releases, but no sign against others (0.50 helpers may take `(G, ctx)` too). */
  supportOnly?: boolean;
}

/** A marker found at one place. */
export interface ReleaseEvidence {
  marker: ReleaseMarker;
  file: string;
  line: number;
}

/** A source file of a game: its path and text. */
export interface SourceFile {
  file: string;
  text: string;
}
