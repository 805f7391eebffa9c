// The worker's report of what each request recorded is the session's replay: applied in order, the
// reports rebuild exactly what `exportReplay` says, whatever the requests were.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callHost, parseReplay, validateHostRequest, type HostMethod } from '../../engine';
import type { SessionRecord } from '../journal/session-journal';
import { SessionHost } from './session-host';
import { applyChange, SessionRecorder } from './session-recorder';

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');
const click = (cell: number, player: number) => ({ type: 'move', name: 'clickCell', args: [cell], playerID: String(player) });

describe('what the session host records, as the worker reports it', () => {
  it('rebuilds the replay the session exports after every kind of request, branches and reopenings included', async () => {
    const recorder = new SessionRecorder();
    const host = new SessionHost({ fixturesDir, emit: () => undefined, recorder });
    let record: SessionRecord | null = null;
    const ask = async (method: HostMethod, ...params: unknown[]) => {
      const result = await callHost(host, validateHostRequest(method, params));
      const change = recorder.take();
      if (change) record = applyChange(record, change);
      return result;
    };
    const replayNow = async () => {
      const { expect: _none, ...replay } = parseReplay(await callHost(host, validateHostRequest('exportReplay', [])));
      return replay;
    };
    const requests: [HostMethod, ...unknown[]][] = [
      ['open', { game: 'tic-tac-toe', seed: 'recorded' }],
      ['dispatch', click(4, 0)],
      ['dispatch', click(4, 1)], // refused: a step all the same
      ['dispatch', click(0, 1)],
      ['dispatch', click(8, 1), 1], // a branch from step 1
      ['random', 3],
      ['dispatchLive', click(1, 0), null, []],
      ['dispatchLive', null, null, ['a gap']],
      ['restart', { numPlayers: 2, seed: 'again' }],
      ['dispatch', click(2, 0)],
      ['reload'],
    ];
    for (const [method, ...params] of requests) {
      await ask(method, ...params);
      expect(record, `after ${method}`).toEqual(await replayNow());
    }
    // Reads record nothing.
    const before = structuredClone(record);
    for (const read of ['view', 'timeline', 'exportReplay', 'coverage'] as const) await ask(read);
    await ask('steps', 0, 5);
    expect(recorder.take()).toBeNull();
    expect(record).toEqual(before);
    // A replay opened records its header and every action.
    const text = (await ask('exportReplay')) as string;
    await ask('open', { game: 'tic-tac-toe', seed: 'other' });
    await ask('openReplay', text, null);
    expect(record).toEqual(await replayNow());
    expect(record).toMatchObject({ seed: 'again', actions: [click(2, 0)] });
  });
});
