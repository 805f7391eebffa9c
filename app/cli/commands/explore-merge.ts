import { readFileSync } from 'node:fs';
import { mergeShardReports, MergeError } from '../../../engine';
import { describeReport } from './explore';

/** `flowscope explore merge A.json B.json …`: the report of the whole run from its shards' `--json` reports. Exit 1 with findings. */
export function exploreMergeCommand(files: string[], json: boolean, print: (line: string) => void, warn: (line: string) => void): number {
  const reports = files.map((file) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new MergeError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new MergeError(`${file} is not JSON (${(error as Error).message}): write each shard's report with --json`);
    }
  });
  const decode = (base64: string) => {
    // A copy: a decoded Buffer may start anywhere in Node's pool, and 32-bit views need aligned starts.
    const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
    return new Uint32Array(bytes.buffer, 0, Math.floor(bytes.byteLength / 4));
  };
  const { report, missing } = mergeShardReports(reports, decode);
  if (missing.length)
    warn(
      `flowscope: merging without shard${missing.length === 1 ? '' : 's'} ${missing.join(', ')}: the report covers only the shards given`,
    );
  if (json) print(JSON.stringify(report, null, 2));
  else for (const line of describeReport(report, new Map())) print(line);
  return report.findings.length ? 1 : 0;
}
