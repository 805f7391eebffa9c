import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWs, closed, connectWs, nextMessage, rawGet, rawRequest } from '../testing/raw-http';
import { tempDirWith } from '../testing/temp-dir';
import { startUiServer, type UiServer } from './ui-server';

// Hostile traffic against browser mode. After every case the server still serves the UI, a new
// client can still connect, and the session (with its log) is exactly as it was.
const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');
const MAX_MESSAGE = 256 * 1024;
let server: UiServer;
let origin: string;
let ids = 100;

beforeAll(async () => {
  const staticDir = tempDirWith({ 'index.html': '<!doctype html><title>ui</title>', 'app.js': 'console.log(1)' });
  server = await startUiServer({ staticDir, fixturesDir, maxMessageBytes: MAX_MESSAGE, watch: false });
  origin = `http://127.0.0.1:${server.port}`;
  const ws = await connectWs(server.port, `?token=${server.token}`, origin);
  await callWs(ws, 1, 'open', [{ game: 'tic-tac-toe', seed: 'hostile' }]);
  await callWs(ws, 2, 'dispatch', [{ type: 'move', name: 'clickCell', args: [4], playerID: '0' }]);
  await callWs(ws, 3, 'dispatch', [{ type: 'move', name: 'clickCell', args: [0], playerID: '1' }]);
  ws.close();
});
afterAll(() => server?.close());

async function expectIntact() {
  expect(await rawGet(server.port, '/')).toBe(200);
  const ws = await connectWs(server.port, `?token=${server.token}`, origin);
  const view = await callWs(ws, ids++, 'view');
  expect(view.result).toMatchObject({ length: 3 });
  const step = await callWs(ws, ids++, 'step', [2]);
  expect(step.result).toMatchObject({ index: 2, ok: true, action: { name: 'clickCell', args: [0], playerID: '1' } });
  ws.close();
}

describe('HTTP requests that must not take the server down', () => {
  const refused = [
    '/%',
    '/%zz',
    '/%E0%A4%A',
    '/%c0%ae%c0%ae/package.json',
    '/..%2f..%2fpackage.json',
    '/%2e%2e/%2e%2e/package.json',
    '/%252e%252e/%252e%252e/package.json',
    '/..%5c..%5cpackage.json',
    '/..\\..\\package.json',
    '/%00',
    '/index.html%00.js',
    '//etc/passwd',
    '/%2F%2Fetc%2Fpasswd',
    'http://evil.example/index.html',
    '*',
  ];
  it.each(refused)('GET %s is refused and the server lives on', async (target) => {
    const status = await rawGet(server.port, target);
    expect([400, 403, 404]).toContain(status);
    await expectIntact();
  });

  it('refuses foreign Host headers, unknown methods, huge bodies and garbage', async () => {
    expect(await rawRequest(server.port, `GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`)).toBe(403);
    expect(
      await rawRequest(server.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1.evil.example:${server.port}\r\nConnection: close\r\n\r\n`),
    ).toBe(403);
    expect(await rawRequest(server.port, `GET / HTTP/1.1\r\nConnection: close\r\n\r\n`)).toBe(400);
    for (const method of ['POST', 'PUT', 'DELETE', 'BREW', 'OPTIONS']) {
      expect(
        await rawRequest(
          server.port,
          `${method} / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc`,
        ),
      ).toBeGreaterThanOrEqual(400);
    }
    const huge = `POST / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Length: 5000000\r\nConnection: close\r\n\r\n${'x'.repeat(5_000_000)}`;
    expect(await rawRequest(server.port, huge)).toBe(405);
    expect(await rawRequest(server.port, Buffer.from([0xff, 0xfe, 0x00, 0x0d, 0x0a, 0x0d, 0x0a]))).toBe(400);
    expect(await rawRequest(server.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`)).toBe(
      431,
    );
    await expectIntact();
  });

  it('survives a bounded flood of bad requests', async () => {
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => rawGet(server.port, i % 2 ? '/%' : '/%2e%2e/x')));
    expect(statuses.every((s) => s === 400 || s === 403 || s === 404)).toBe(true);
    await expectIntact();
  });
});

describe('WebSocket traffic that must not take the server down', () => {
  const own = () => connectWs(server.port, `?token=${server.token}`, origin);

  it('refuses upgrades without the token, with a wrong one, from a foreign Origin or Host', async () => {
    await expect(connectWs(server.port, '', origin)).rejects.toThrow('refused 401');
    await expect(connectWs(server.port, '?token=', origin)).rejects.toThrow('refused 401');
    await expect(connectWs(server.port, `?token=${server.token}x`, origin)).rejects.toThrow('refused 401');
    await expect(connectWs(server.port, `?token=${server.token}`, 'http://evil.example')).rejects.toThrow('refused 403');
    await expect(connectWs(server.port, `?token=${server.token}`, 'null')).rejects.toThrow('refused 403');
    await expect(connectWs(server.port, `?token=%`, origin)).rejects.toThrow('refused 401');
    const upgrade = (host: string) =>
      rawRequest(
        server.port,
        `GET /ws?token=${server.token} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    expect(await upgrade('evil.example')).toBe(403);
    expect(await upgrade(`127.0.0.1:${server.port}`)).toBe(101);
    await expectIntact();
  });

  const badMessages: Array<[string, string | Buffer]> = [
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"view"'],
    ['an array', '[1,2]'],
    ['not JSON', '{id: 1'],
    ['empty', ''],
    ['an id but no method', '{"id":7}'],
    ['a non-numeric id', '{"id":"7","method":"view","params":[]}'],
    ['an unknown method', '{"id":7,"method":"constructor","params":[]}'],
    ['a prototype method', '{"id":7,"method":"__proto__","params":[]}'],
    ['params not an array', '{"id":7,"method":"view","params":{}}'],
  ];
  it.each(badMessages)('a message that is %s gets an error reply or is ignored, and the server lives on', async (_name, text) => {
    const ws = await own();
    const reply = nextMessage(ws);
    ws.send(text);
    const answer = await Promise.race([reply, new Promise<string>((r) => setTimeout(() => r('(no reply)'), 300))]);
    if (answer !== '(no reply)') expect(JSON.parse(answer!)).toMatchObject({ ok: false, error: { message: expect.any(String) } });
    ws.close();
    await expectIntact();
  });

  it('a frame with invalid UTF-8 closes that socket only', async () => {
    const ws = await own();
    ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect(await closed(ws)).toBe(1007);
    await expectIntact();
  });

  it('a frame over the size limit closes that socket only', async () => {
    const ws = await own();
    ws.on('error', () => undefined);
    ws.send('x'.repeat(MAX_MESSAGE + 1));
    expect(await closed(ws)).toBe(1009);
    await expectIntact();
  });

  it('binary frames are answered with an error', async () => {
    const ws = await own();
    const reply = nextMessage(ws);
    ws.send(Buffer.from('{"id":1,"method":"view","params":[]}'), { binary: true });
    expect(JSON.parse((await reply)!)).toMatchObject({ ok: false });
    ws.close();
    await expectIntact();
  });

  it('survives a bounded flood of bad messages from many sockets', async () => {
    const sockets = await Promise.all(Array.from({ length: 10 }, () => own()));
    for (const ws of sockets)
      for (let i = 0; i < 100; i++) ws.send(i % 3 === 0 ? 'null' : i % 3 === 1 ? '{' : '{"id":1,"method":"nope","params":[]}');
    await Promise.all(sockets.map((ws) => callWs(ws, 999, 'view')));
    for (const ws of sockets) ws.close();
    await expectIntact();
  });
});
