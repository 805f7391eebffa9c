import { describe, expect, it, vi } from 'vitest';
import { IpcRejected, registerHostIpc, REQUEST_CHANNEL, validateRequest } from './ipc';

describe('IPC requests', () => {
  it('accepts each HostApi method with well-formed parameters', () => {
    const ok: Array<[string, unknown[]]> = [
      ['listGames', []],
      ['view', []],
      ['open', [{ game: 'bang', numPlayers: 4 }]],
      ['restart', [{ numPlayers: 3, seed: 's' }]],
      ['dispatch', [{ type: 'move', name: 'a', args: [], playerID: '0' }]],
      ['dispatch', [{ type: 'undo', playerID: '0' }, 4]],
      ['random', [100]],
      ['steps', [0, 199]],
      ['step', [7]],
      ['exportReplay', []],
      ['openReplay', ['{}', '/tmp/r.json']],
      ['reload', []],
      ['listLessons', []],
      ['lesson', ['card-phases/phases']],
    ];
    for (const [method, params] of ok) expect(validateRequest(method, params)).toEqual({ method, params });
  });

  it('refuses unknown methods and malformed payloads before they reach game code', () => {
    const bad: Array<[unknown, unknown, RegExp]> = [
      ['eval', [], /unknown request eval/],
      [42, [], /unknown request 42/],
      ['__proto__', [], /unknown request/],
      ['open', 'bang', /parameters must be an array/],
      ['open', [{ file: 'x' }], /needs \{ game: string/],
      ['dispatch', ['endTurn'], /needs an action object/],
      ['dispatch', [{ type: 'reset' }, -1], /step index/],
      ['random', [1e9], /between 0 and 1,000,000/],
      ['steps', [0], /two step indexes/],
      ['step', ['3'], /a step index/],
      ['openReplay', [{}], /replay text/],
      ['view', [1], /takes no parameters/],
      ['listGames', [1, 2, 3, 4], /at most 3/],
      ['listLessons', ['x'], /takes no parameters/],
      ['lesson', [{ id: 'x' }], /needs a lesson id/],
    ];
    for (const [method, params, message] of bad) expect(() => validateRequest(method, params)).toThrow(message);
  });

  it('checks the sender of every message and relays valid ones to the engine', async () => {
    let handler: any;
    const engine = { request: vi.fn(async () => '{"id":0,"ok":true,"result":[]}') };
    registerHostIpc({ handle: (channel, h) => channel === REQUEST_CHANNEL && (handler = h) }, engine);
    await expect(handler({ senderFrame: { url: 'https://evil.example/' } }, 'listGames', [])).rejects.toBeInstanceOf(IpcRejected);
    await expect(handler({ senderFrame: { url: 'flowscope://app/index.html', parent: {} } }, 'listGames', [])).rejects.toThrow(/refused a request from/);
    await expect(handler({ senderFrame: { url: 'flowscope://app/index.html' } }, 'listGames', ['x'])).rejects.toThrow(/takes no parameters/);
    expect(engine.request).not.toHaveBeenCalled();
    expect(await handler({ senderFrame: { url: 'flowscope://app/index.html' } }, 'listGames', [])).toBe('{"id":0,"ok":true,"result":[]}');
    expect(engine.request).toHaveBeenCalledWith('listGames', []);
  });
});
