// The browser-mode server at the protocol boundary: every request is checked against the
// protocol's schemas before it reaches the engine, a bad one gets an error answer naming the
// field, and the session is untouched (defect 11: dispatch(null) became a step, and the exported
// replay was one the parser refused).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { HOST_METHODS, parseReplay, ProtocolError, validateHostRequest } from '../../engine';
import { callHostSocket, connectHostSocket, sendRaw } from '../testing/host-socket';
import { tempDirWith } from '../testing/temp-dir';
import { startUiServer, type UiServer } from './ui-server';

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');
let server: UiServer;
let ws: WebSocket;
let nextId = 1;
const call = (method: string, ...params: unknown[]) => callHostSocket(ws, nextId++, method, params);

beforeAll(async () => {
  server = await startUiServer({ staticDir: tempDirWith({ 'index.html': '<!doctype html>' }), fixturesDir, watch: false });
  ws = await connectHostSocket(server.port, server.token);
});
afterAll(async () => {
  ws?.close();
  await server?.close();
});

describe('the protocol boundary of the browser-mode server', () => {
  it('refuses dispatch(null) with an answer naming the field; the session and its exported replay stay valid', async () => {
    await call('open', { game: 'tic-tac-toe', seed: 'null' });
    await call('dispatch', { type: 'move', name: 'clickCell', args: [0], playerID: '0' });
    expect(await call('dispatch', null)).toMatchObject({
      ok: false,
      error: { name: 'ProtocolError', message: 'dispatch: params[0]: expected an action object, got null' },
    });
    expect(await call('dispatch', { type: 'move', name: 'clickCell', args: [1] })).toMatchObject({
      ok: false,
      error: { message: 'dispatch: params[0].playerID: expected a string, got nothing (the field is missing)' },
    });
    expect(await call('dispatch', { type: 'move', name: 'clickCell', args: 1, playerID: 0 })).toMatchObject({
      error: { message: 'dispatch: params[0].args: expected an array, got number 1; params[0].playerID: expected a string, got number 0' },
    });
    expect((await call('view')).result.length).toBe(2);
    expect(parseReplay((await call('exportReplay')).result).actions).toHaveLength(1);
  });

  it('after a session with every kind of action, exports a replay that parses and opens to the same steps', async () => {
    await call('open', { game: 'tic-tac-toe', seed: 'kinds' });
    const actions = [
      { type: 'move', name: 'clickCell', args: [4], playerID: '0' },
      { type: 'event', name: 'endTurn', args: [], playerID: '1' },
      { type: 'undo', playerID: '1' },
      { type: 'redo', playerID: '1' },
      { type: 'move', name: 'clickCell', playerID: '1' },
      { type: 'reset' },
      { type: 'move', name: 'clickCell', args: [8], playerID: '0' },
    ];
    for (const action of actions) expect((await call('dispatch', action)).ok).toBe(true);
    const steps = (await call('steps', 0, actions.length)).result;
    const text = (await call('exportReplay')).result;
    const replay = parseReplay(text);
    expect(replay.actions).toEqual(actions.map((a) => (a.type === 'move' || a.type === 'event' ? { args: [], ...a } : a)));
    expect((await call('openReplay', text)).result.length).toBe(actions.length + 1);
    expect((await call('steps', 0, actions.length)).result.map((s: { ctx: unknown }) => s.ctx)).toEqual(
      steps.map((s: { ctx: unknown }) => s.ctx),
    );
  });

  it('answers arbitrary parameters for every method with the schema’s own error, and the session is untouched', async () => {
    await call('open', { game: 'tic-tac-toe', seed: 'fuzz' });
    await call('dispatch', { type: 'move', name: 'clickCell', args: [2], playerID: '0' });
    const before = (await call('steps', 0, 1)).result;
    const json = fc.jsonValue({ maxDepth: 2 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...HOST_METHODS), fc.oneof(json, fc.array(json, { maxLength: 3 })), async (method, params) => {
        let expected: string;
        try {
          validateHostRequest(method, params);
          return; // a valid request (rare): not this test's business
        } catch (error) {
          expect(error).toBeInstanceOf(ProtocolError);
          expected = (error as Error).message;
        }
        const id = nextId++;
        expect(await sendRaw(ws, JSON.stringify({ id, method, params }), id)).toEqual({
          id,
          ok: false,
          error: { name: 'ProtocolError', message: expected },
        });
      }),
      { numRuns: 200 },
    );
    expect((await call('view')).result.length).toBe(2);
    expect((await call('steps', 0, 1)).result).toEqual(before);
  });

  it('answers messages that are not requests (null, arrays, no id, not JSON) with an error, and stays up', async () => {
    for (const text of ['null', '[]', '42', '"view"', '{"method":"view"}', '{"id":1.5,"method":"view"}', '{"id":', '']) {
      expect(await sendRaw(ws, text, null)).toMatchObject({ id: null, ok: false, error: { name: 'ProtocolError' } });
    }
    expect(await call('unknownMethod')).toMatchObject({ ok: false, error: { message: 'unknown request unknownMethod' } });
    expect((await call('listGames')).ok).toBe(true);
  });

  it('the engine worker checks requests too (server → worker), whoever sends them', async () => {
    await expect(server.engine.call('dispatch', null)).rejects.toThrow('dispatch: params[0]: expected an action object, got null');
    await expect(server.engine.call('step', -1)).rejects.toMatchObject({ name: 'ProtocolError' });
    expect((await call('view')).ok).toBe(true);
  });
});
