import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionView, StepDetail } from '../../../engine/host/protocol';
import type { HostConnection } from '../host/host-client';
import { Controller } from './controller';

/** A host whose step details come only when the test hands them over; anything else never answers. */
function slowHost() {
  const waiting = new Map<number, (detail: StepDetail) => void>();
  const host = new Proxy(
    {},
    {
      get: (_, name) => {
        if (name === 'onStatus' || name === 'onEvent') return () => () => {};
        if (name === 'step') return (index: number) => new Promise<StepDetail>((resolve) => waiting.set(index, resolve));
        return () => new Promise(() => {});
      },
    },
  ) as HostConnection;
  const answer = (index: number) => waiting.get(index)!({ index } as StepDetail);
  return { host, answer };
}

const view = (length: number) => ({ length }) as SessionView;

/** A controller showing a ten-step session from a slow host, and the host's `answer`. */
function slowSession() {
  const { host, answer } = slowHost();
  const controller = new Controller(host);
  controller.begin(view(10));
  return { controller, answer };
}

describe('a selected step whose detail is late', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // A hidden page paints nothing: the detail is shown as soon as it comes.
    vi.stubGlobal('document', { visibilityState: 'hidden' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is marked late once the wait is long, and no longer once its detail is in', async () => {
    const { controller, answer } = slowSession();
    void controller.select(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(controller.store.get().lateDetail).toBe(3);
    answer(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.store.get()).toMatchObject({ lateDetail: null, detail: { index: 3 } });
  });

  it('stays marked late when the detail of a step selected before it comes in', async () => {
    const { controller, answer } = slowSession();
    void controller.select(3);
    void controller.select(4);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(controller.store.get().lateDetail).toBe(4);
    answer(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.store.get()).toMatchObject({ lateDetail: 4, detail: { index: 3 } });
    answer(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.store.get()).toMatchObject({ lateDetail: null, detail: { index: 4 } });
  });

  it('is never marked late in the session that replaced its own', async () => {
    const { controller } = slowSession();
    void controller.select(4);
    controller.begin(view(10));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(controller.store.get().lateDetail).toBe(null);
  });
});
