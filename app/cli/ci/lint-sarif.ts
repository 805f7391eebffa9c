import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import { LINT_CODES, type LintFinding } from '../../../engine/lint/codes';
import type { SourcePlace } from './source-place';

const LEVEL: Record<LintFinding['severity'], Result.level> = { error: 'error', warning: 'warning', info: 'note' };

/**
 * `flowscope lint --format sarif`: a SARIF 2.1.0 log with one result per finding (its code as the
 * rule id, its level, message and place). File URIs are relative to `root` (`%SRCROOT%`, the
 * working folder: the repository's root in CI, as GitHub code scanning reads them).
 */
export function lintSarif(
  findings: readonly { finding: LintFinding; place: SourcePlace }[],
  meta: { version: string; bgio: string; game: string },
  root = process.cwd(),
): Log {
  const codes = [...new Set(findings.map((f) => f.finding.code))].sort();
  const rules: ReportingDescriptor[] = codes.map((code) => {
    const known = (LINT_CODES as Record<string, { severity: LintFinding['severity']; summary: string }>)[code];
    return {
      id: code,
      ...(known ? { shortDescription: { text: known.summary }, defaultConfiguration: { level: LEVEL[known.severity] } } : {}),
    };
  });
  const uri = (file: string) => {
    const relative = path.relative(root, file);
    return relative.startsWith('..') || path.isAbsolute(relative)
      ? { uri: pathToFileURL(file).href }
      : { uri: relative.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: 'SRCROOT' };
  };
  const results: Result[] = findings.map(({ finding, place }) => ({
    ruleId: finding.code,
    ruleIndex: codes.indexOf(finding.code),
    level: LEVEL[finding.severity],
    message: { text: finding.path ? `${finding.path}: ${finding.message}` : finding.message },
    locations: [
      {
        physicalLocation: { artifactLocation: uri(place.file), region: { startLine: place.line, startColumn: place.column } },
        ...(finding.path ? { logicalLocations: [{ fullyQualifiedName: finding.path, kind: 'member' }] } : {}),
      },
    ],
  }));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'flowscope',
            version: meta.version,
            rules,
          },
        },
        originalUriBaseIds: { SRCROOT: { uri: pathToFileURL(root + path.sep).href } },
        properties: { game: meta.game, bgio: meta.bgio },
        results,
      },
    ],
  };
}
