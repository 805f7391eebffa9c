import path from 'node:path';
import type { SourcePlace } from './source-place';

/** Whether findings should also be printed as GitHub Actions annotations (`GITHUB_ACTIONS=true` in its runners). */
export const inGitHubActions = (env: NodeJS.ProcessEnv = process.env): boolean => env.GITHUB_ACTIONS === 'true';

export type AnnotationLevel = 'error' | 'warning' | 'notice';

// GitHub's workflow-command escaping: data escapes %, CR and LF; property values also : and ,.
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * `::error file=src/game.ts,line=12,col=5,title=…::message`: a line GitHub Actions shows on the file
 * in the pull request. The file is relative to `root` (the working folder, the repository's root in a workflow).
 */
export function annotation(
  level: AnnotationLevel,
  place: Partial<SourcePlace> & { file: string },
  title: string,
  message: string,
  root = process.cwd(),
): string {
  const file = path.relative(root, place.file).split(path.sep).join('/');
  const props = [`file=${property(file)}`];
  if (place.line) props.push(`line=${place.line}`);
  if (place.column) props.push(`col=${place.column}`);
  props.push(`title=${property(title)}`);
  return `::${level} ${props.join(',')}::${data(message)}`;
}
