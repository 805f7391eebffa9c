/**
 * The step summaries the UI has loaded, by step index, as an immutable paged structure: adding
 * steps copies only the pages they land in and the short list of pages (one pointer per 256
 * steps), never every summary, so a step added to a 100,000-step session costs the same as one
 * added to a short one. A new object each change, so selectors see the change by identity.
 */
import type { StepSummary } from '../../../engine/host/protocol';

const BITS = 8;
const SIZE = 1 << BITS;

type Page = readonly (StepSummary | undefined)[];

export class StepSummaries {
  static readonly EMPTY = new StepSummaries([], 0);

  private constructor(
    private readonly pages: readonly (Page | undefined)[],
    /** How many summaries are loaded. */
    readonly size: number,
  ) {}

  get(index: number): StepSummary | undefined {
    return this.pages[index >> BITS]?.[index & (SIZE - 1)];
  }

  has(index: number): boolean {
    return this.get(index) !== undefined;
  }

  /** These summaries with `steps` added (or replaced, by index). */
  with(steps: readonly StepSummary[]): StepSummaries {
    if (!steps.length) return this;
    const pages = [...this.pages];
    const copied = new Set<number>();
    let size = this.size;
    for (const step of steps) {
      const p = step.index >> BITS;
      if (!copied.has(p)) {
        pages[p] = pages[p] ? [...pages[p]!] : new Array<StepSummary | undefined>(SIZE).fill(undefined);
        copied.add(p);
      }
      const page = pages[p] as (StepSummary | undefined)[];
      if (page[step.index & (SIZE - 1)] === undefined) size++;
      page[step.index & (SIZE - 1)] = step;
    }
    return new StepSummaries(pages, size);
  }

  /** These summaries without those of steps after `last` (a branch discards them). */
  upTo(last: number): StepSummaries {
    const lastPage = last >> BITS;
    if (this.pages.length <= lastPage + 1 && !this.pages[lastPage]?.slice((last & (SIZE - 1)) + 1).some(Boolean)) return this;
    const pages = this.pages.slice(0, lastPage + 1);
    let size = this.size;
    for (const page of this.pages.slice(lastPage + 1)) size -= page?.filter(Boolean).length ?? 0;
    const kept = pages[lastPage];
    if (kept) {
      const cut = kept.slice(0, (last & (SIZE - 1)) + 1);
      size -= kept.length - cut.length - kept.slice(cut.length).filter((x) => x === undefined).length;
      pages[lastPage] = [...cut, ...new Array<undefined>(SIZE - cut.length).fill(undefined)];
    }
    return new StepSummaries(pages, size);
  }
}
