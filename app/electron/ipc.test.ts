import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { HOST_METHODS, LIVE_METHODS, ProtocolError, readLiveCall, validateHostRequest } from '../../engine';
import { startLiveHost } from '../attach/live-host';
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
    ];
    for (const [method, params] of ok) expect(validateRequest(method, params)).toEqual({ method, params });
  });

  it('refuses unknown methods and malformed payloads before they reach game code', () => {
    const bad: Array<[unknown, unknown, RegExp]> = [
      ['eval', [], /unknown request eval/],
      [42, [], /unknown request 42/],
      ['__proto__', [], /unknown request/],
      ['toString', [], /unknown request toString/],
      ['open', 'bang', /^open: params: expected an array of parameters, got string "bang"$/],
      ['open', [{ file: 'x' }], /^open: params\[0\]\.game: expected a fixture name or a game file path, got nothing/],
      ['dispatch', ['endTurn'], /^dispatch: params\[0\]: expected an action object, got string "endTurn"$/],
      ['dispatch', [null], /^dispatch: params\[0\]: expected an action object, got null$/],
      [
        'dispatch',
        [{ type: 'move', name: 'a', args: [], playerID: 0 }],
        /^dispatch: params\[0\]\.playerID: expected a string, got number 0$/,
      ],
      ['dispatch', [{ type: 'reset' }, -1], /^dispatch: params\[1\]: expected a step index/],
      ['random', [1e9], /^random: params\[0\]: expected a step count \(0 to 1000000\), got number 1000000000$/],
      ['steps', [0], /^steps: params: expected at least 2 parameters, got 1$/],
      ['step', ['3'], /^step: params\[0\]: expected a step index .*got string "3"$/],
      ['openReplay', [{}], /^openReplay: params\[0\]: expected the replay text, got an object$/],
      ['view', [1], /^view: params: takes no parameters$/],
      ['listGames', [1, 2, 3, 4], /takes no parameters/],
    ];
    for (const [method, params, message] of bad) expect(() => validateRequest(method, params)).toThrow(message);
  });

  it('checks the sender of every message and relays valid ones to the engine', async () => {
    let handler: any;
    const engine = { request: vi.fn(async () => '{"id":0,"ok":true,"result":[]}') };
    registerHostIpc({ handle: (channel, h) => channel === REQUEST_CHANNEL && (handler = h) }, engine);
    await expect(handler({ senderFrame: { url: 'https://evil.example/' } }, 'listGames', [])).rejects.toBeInstanceOf(IpcRejected);
    await expect(handler({ senderFrame: { url: 'flowscope://app/index.html', parent: {} } }, 'listGames', [])).rejects.toThrow(
      /refused a request from/,
    );
    // A bad payload from the app's own page gets an error answer (the preload throws it as a named error).
    expect(JSON.parse(await handler({ senderFrame: { url: 'flowscope://app/index.html' } }, 'listGames', ['x']))).toEqual({
      id: 0,
      ok: false,
      error: { name: 'ProtocolError', message: 'listGames: params: takes no parameters' },
    });
    expect(engine.request).not.toHaveBeenCalled();
    expect(await handler({ senderFrame: { url: 'flowscope://app/index.html' } }, 'listGames', [])).toBe('{"id":0,"ok":true,"result":[]}');
    expect(engine.request).toHaveBeenCalledWith('listGames', []);
  });

  it('answers arbitrary parameters for every method with the schema’s error, relaying only valid requests', async () => {
    let handler: any;
    const relayed: unknown[][] = [];
    const engine = {
      request: vi.fn(async (method: string, params: unknown[]) => (relayed.push([method, params]), '{"id":0,"ok":true,"result":null}')),
    };
    registerHostIpc({ handle: (_channel, h) => (handler = h) }, engine);
    const own = { senderFrame: { url: 'flowscope://app/index.html' } };
    const json = fc.jsonValue({ maxDepth: 2 });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...HOST_METHODS), json),
        fc.oneof(json, fc.array(json, { maxLength: 3 })),
        async (method, params) => {
          relayed.length = 0;
          const answer = JSON.parse(await handler(own, method, params));
          let valid = true;
          try {
            validateHostRequest(method, params);
          } catch (error) {
            valid = false;
            expect(error).toBeInstanceOf(ProtocolError);
            expect(answer).toEqual({ id: 0, ok: false, error: { name: 'ProtocolError', message: (error as Error).message } });
          }
          expect(relayed).toHaveLength(valid ? 1 : 0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('answers the live methods through the live host, with the schema’s error for bad parameters; none reaches the engine', async () => {
    let handler: any;
    const engine = { request: vi.fn(async () => '{"id":0,"ok":true,"result":null}') };
    const live = await startLiveHost(engine as never, () => undefined, false, 'attach is off in this test');
    registerHostIpc({ handle: (_channel, h) => (handler = h) }, engine, live);
    const own = { senderFrame: { url: 'flowscope://app/index.html' } };
    const json = fc.jsonValue({ maxDepth: 2 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...LIVE_METHODS), fc.oneof(json, fc.array(json, { maxLength: 3 })), async (method, params) => {
        const answer = JSON.parse(await handler(own, method, params));
        const call = readLiveCall(0, method, params)!;
        expect(answer).toEqual(
          call.ok
            ? { id: 0, ok: false, error: { name: 'HostError', message: 'following games is off (attach is off in this test)' } }
            : call.reply,
        );
      }),
      { numRuns: 100 },
    );
    expect(engine.request).not.toHaveBeenCalled();
    // Without a live host the live methods are unknown requests, as before.
    registerHostIpc({ handle: (_channel, h) => (handler = h) }, engine);
    expect(JSON.parse(await handler(own, 'liveMatches', [])).error.message).toMatch(/unknown request liveMatches/);
  });
});
