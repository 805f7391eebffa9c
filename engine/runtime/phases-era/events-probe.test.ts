import { describe, expect, it } from 'vitest';
import { TraceRecorder } from '../../trace/recorder';
import type { TracedEvent } from '../../trace/types';
import { EventsProbe } from './events-probe';
import { BGIO_050_TRAITS as TRAITS } from '../bgio-050/bgio050-runtime';

/** A release-like events API: its functions queue on `_private.dispatch`, with the turn they were called in. */
function fakeEvents(withUpdate: boolean) {
  const instance: { dispatch: Record<string, unknown>[]; update?: (walk: () => void) => void } = { dispatch: [] };
  if (withUpdate) instance.update = (walk) => walk();
  const api = {
    _private: instance,
    endTurn: (...args: unknown[]) => instance.dispatch.push({ type: 'endTurn', args, turn: 1, phase: null }),
  };
  return { instance, api };
}

/** A move calls `endTurn` in turn 1; the walk then reads the queue (or not) once the game is in turn 2. */
function runMove(withUpdate: boolean, walkReadsQueue: boolean): TracedEvent {
  const recorder = new TraceRecorder();
  recorder.begin(null);
  const probe = new EventsProbe(recorder, TRAITS, '0.50.2');
  probe.begin();
  const { instance, api } = fakeEvents(withUpdate);
  const context = { events: api, ctx: { turn: 1, phase: null } };
  recorder.enter('moves.pass', 'move', '0');
  probe.run(context, context.ctx, 'copy', (c: typeof context) => c.events.endTurn(), [context]);
  probe.observe({ turn: 2, phase: null });
  const walk = () => {
    if (walkReadsQueue) void instance.dispatch[0];
  };
  if (instance.update) instance.update(walk);
  else walk();
  probe.settle(null, null);
  return recorder.finish().entries[0].events[0];
}

describe('EventsProbe: which queued events the walk reached', () => {
  for (const withUpdate of [true, false]) {
    const how = withUpdate ? 'while Events.update walks the queue' : 'on an events object with no update to hook';
    it(`tells an event the walk read and skipped from one it never reached, ${how}`, () => {
      const skipped = runMove(withUpdate, true);
      expect(skipped.outcome).toBe('dropped');
      expect(skipped.reason).toBe(
        'the turn it was called in had already ended when boardgame.io reached it (called in turn 1, reached in turn 2)',
      );
      const unreached = runMove(withUpdate, false);
      expect(unreached.outcome).toBe('dropped');
      expect(unreached.reason).toBe('boardgame.io never processed it');
    });
  }
});
