import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { callWs, connectWs } from '../testing/raw-http';
import { tempDirWith } from '../testing/temp-dir';
import { isLoopbackHost, isOwnOrigin, startUiServer, type UiServer } from './ui-server';

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');
let server: UiServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start() {
  const staticDir = tempDirWith({ 'index.html': '<!doctype html><title>ui</title>', 'app.js': 'console.log(1)' });
  server = await startUiServer({ staticDir, fixturesDir });
  return server;
}

function get(
  port: number,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
  });
}

describe('the browser-mode server', () => {
  it('says so, and stops what it started, when the attach port asked for is in use', async () => {
    const staticDir = tempDirWith({});
    const first = await startUiServer({ staticDir, fixturesDir, watch: false, attach: { port: 0 } });
    try {
      const taken = first.attach!.port;
      await expect(startUiServer({ staticDir, fixturesDir, watch: false, attach: { port: taken } })).rejects.toThrow(
        `cannot listen for followed games on 127.0.0.1:${taken}: it is in use (choose another --attach-port, 0 for any free one, or --no-attach)`,
      );
    } finally {
      await first.close();
    }
  });

  it('serves the UI on 127.0.0.1 only, with security headers, and nothing outside its folder', async () => {
    const s = await start();
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32}$/);
    const page = await get(s.port, '/', { host: `127.0.0.1:${s.port}` });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect((await get(s.port, '/app.js', { host: `localhost:${s.port}` })).headers['content-type']).toMatch(/javascript/);
    expect((await get(s.port, '/../../package.json', { host: `127.0.0.1:${s.port}` })).status).not.toBe(200);
    expect((await get(s.port, '/%2e%2e/%2e%2e/package.json', { host: `127.0.0.1:${s.port}` })).status).not.toBe(200);
    expect((await get(s.port, '/', { host: 'evil.example' })).status).toBe(403);
  });

  it('relays HostApi calls over the WebSocket for a client with the token and its own Origin', async () => {
    const s = await start();
    const ws = await connectWs(s.port, `?token=${s.token}`, `http://127.0.0.1:${s.port}`);
    const games = await callWs(ws, 1, 'listGames');
    expect(games.ok).toBe(true);
    expect(games.result.map((g: { id: string }) => g.id)).toContain('tic-tac-toe');
    const opened = await callWs(ws, 2, 'open', [{ game: 'tic-tac-toe', seed: 'w' }]);
    expect(opened.result).toMatchObject({ numPlayers: 2, length: 1 });
    const step = await callWs(ws, 3, 'dispatch', [{ type: 'move', name: 'clickCell', args: [0], playerID: '0' }]);
    expect(step.result).toMatchObject({ index: 1, ok: true });
    expect(await callWs(ws, 4, 'shutdown')).toEqual({
      id: 4,
      ok: false,
      error: { name: 'ProtocolError', message: 'unknown request shutdown' },
    });
    ws.close();
  });

  it('refuses a WebSocket without the token, with a wrong token, or from another Origin', async () => {
    const s = await start();
    const own = `http://127.0.0.1:${s.port}`;
    await expect(connectWs(s.port, '', own)).rejects.toThrow('refused 401');
    await expect(connectWs(s.port, '?token=wrong', own)).rejects.toThrow('refused 401');
    await expect(connectWs(s.port, `?token=${s.token}`, 'http://evil.example')).rejects.toThrow('refused 403');
    await expect(connectWs(s.port, `?token=${s.token}`, 'http://127.0.0.1:1')).rejects.toThrow('refused 403');
    await expect(connectWs(s.port, `?token=${s.token}`)).rejects.toThrow('refused 403');
  });

  it('recognises loopback hosts and its own origin only', () => {
    expect(isLoopbackHost('127.0.0.1:8080', 8080)).toBe(true);
    expect(isLoopbackHost('localhost:8080', 8080)).toBe(true);
    expect(isLoopbackHost('[::1]:8080', 8080)).toBe(true);
    expect(isLoopbackHost('127.0.0.1.evil.example:8080', 8080)).toBe(false);
    expect(isLoopbackHost('127.0.0.1:8081', 8080)).toBe(false);
    expect(isOwnOrigin('http://localhost:8080', 8080)).toBe(true);
    expect(isOwnOrigin('https://localhost:8080', 8080)).toBe(false);
    expect(isOwnOrigin(undefined, 8080)).toBe(false);
  });
});

describe('optional arguments over the wire', () => {
  it('a dispatch whose branch point arrives as null appends instead of truncating', async () => {
    const s = await start();
    const ws = await connectWs(s.port, `?token=${s.token}`, `http://127.0.0.1:${s.port}`);
    await callWs(ws, 1, 'open', [{ game: 'tic-tac-toe', seed: 'n' }]);
    await callWs(ws, 2, 'dispatch', [{ type: 'move', name: 'clickCell', args: [0], playerID: '0' }, null]);
    const second = await callWs(ws, 3, 'dispatch', [{ type: 'move', name: 'clickCell', args: [1], playerID: '1' }, null]);
    expect(second.result).toMatchObject({ index: 2, ok: true });
    ws.close();
  });
});

describe('several clients', () => {
  it('each gets answers under its own request ids (a reloaded page starts again at 1)', async () => {
    const s = await start();
    const origin = `http://127.0.0.1:${s.port}`;
    const first = await connectWs(s.port, `?token=${s.token}`, origin);
    expect((await callWs(first, 1, 'listGames')).ok).toBe(true);
    await callWs(first, 2, 'open', [{ game: 'tic-tac-toe', seed: 'ids' }]);
    first.close();
    const second = await connectWs(s.port, `?token=${s.token}`, origin);
    const view = await callWs(second, 1, 'view');
    expect(view).toMatchObject({ id: 1, ok: true, result: { length: 1 } });
    second.close();
  });
});
