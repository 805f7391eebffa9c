import { describe, expect, it } from 'vitest';
import type { StepDetail } from '../../../engine/host/protocol';
import { DetailAhead } from './detail-ahead';

/** A host that answers each step's detail with a token naming the step and the call. */
function fakeHost(fail: ReadonlySet<number> = new Set()) {
  const calls: number[] = [];
  const fetch = async (index: number) => {
    calls.push(index);
    if (fail.has(index)) throw new Error(`no step ${index}`);
    return { index, call: calls.length } as unknown as StepDetail;
  };
  return { calls, fetch };
}

describe('DetailAhead', () => {
  it('hands over the detail asked for ahead without asking the host again, once', async () => {
    const host = fakeHost();
    const ahead = new DetailAhead(host.fetch);
    ahead.prepare(1, 5);
    expect(host.calls).toEqual([5]);
    expect(await ahead.take(1, 5)).toEqual({ index: 5, call: 1 });
    expect(host.calls).toEqual([5]);
    // Taken: the next selection of the same step asks the host.
    expect(await ahead.take(1, 5)).toEqual({ index: 5, call: 2 });
  });

  it('asks the host for any other step, and for the same step in another session', async () => {
    const host = fakeHost();
    const ahead = new DetailAhead(host.fetch);
    ahead.prepare(1, 5);
    expect(await ahead.take(1, 6)).toEqual({ index: 6, call: 2 });
    expect(await ahead.take(2, 5)).toEqual({ index: 5, call: 3 });
  });

  it('asks once when the same step is prepared twice, and forgets it when cleared', async () => {
    const host = fakeHost();
    const ahead = new DetailAhead(host.fetch);
    ahead.prepare(1, 5);
    ahead.prepare(1, 5);
    expect(host.calls).toEqual([5]);
    ahead.clear();
    expect(await ahead.take(1, 5)).toEqual({ index: 5, call: 2 });
  });

  it('reports a failed fetch to whoever takes it, not as an unhandled rejection', async () => {
    const host = fakeHost(new Set([7]));
    const ahead = new DetailAhead(host.fetch);
    ahead.prepare(1, 7);
    await new Promise((r) => setTimeout(r, 0));
    await expect(ahead.take(1, 7)).rejects.toThrow('no step 7');
  });
});
