import { performance } from 'node:perf_hooks';

/** The middle value; of an even count, the mean of the two middle ones. */
export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const gc: () => void = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** CPU time (user + system, ms) of `fn`; on a shared machine it is steadier than wall time. */
export function cpuMs(fn: () => void): number {
  const t = process.cpuUsage();
  fn();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}

export function wallMs(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

type Timed = () => number | Promise<number>;

/** One subject of `alternate`: the median of its times, and of its per-round ratios to the anchor. */
export interface Compared {
  subject: number;
  ratio: number;
  ratios: number[];
}

/**
 * Runs `anchor` and then each subject in turn, `rounds` times after one warm-up round, and returns
 * the anchor's median time and, per subject, its median time and the median of its per-round ratios.
 */
export async function alternate(rounds: number, anchor: Timed, ...subjects: Timed[]): Promise<{ anchor: number; subjects: Compared[] }> {
  const a: number[] = [];
  const s: number[][] = subjects.map(() => []);
  for (let round = 0; round <= rounds; round++) {
    gc();
    const x = await anchor();
    const ys: number[] = [];
    for (const subject of subjects) {
      gc();
      ys.push(await subject());
    }
    if (round === 0) continue;
    a.push(x);
    ys.forEach((y, i) => s[i].push(y));
  }
  return {
    anchor: median(a),
    subjects: s.map((times) => {
      const ratios = times.map((y, i) => y / a[i]);
      return { subject: median(times), ratio: median(ratios), ratios };
    }),
  };
}

export interface Row {
  measure: string;
  ratio: number;
  goal: string;
  met: boolean;
  detail: string;
}

export function printRows(rows: Row[]): void {
  console.log('\n| measure | ratio | goal | met | detail |\n|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.measure} | ${r.ratio.toFixed(2)}x | ${r.goal} | ${r.met ? 'yes' : 'no'} | ${r.detail} |`);
}
