import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SessionView, StepSummary } from '../../engine';
import { startUiServer, type UiServer } from './ui-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let server: UiServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** Collects the raw inspector messages a plain WebSocket client receives. */
function listen(url: string): Promise<{ messages: any[]; socket: WebSocket }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const messages: any[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    socket.once('open', () => {
      socket.send(JSON.stringify({ type: 'xstate.inspecting' }));
      resolve({ messages, socket });
    });
    socket.once('error', reject);
  });
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('serve --inspect', () => {
  it('exposes the UI session’s live chart actor to inspector clients, from the engine worker', async () => {
    server = await startUiServer({
      staticDir: path.join(root, 'renderer', 'dist'),
      fixturesDir: path.join(root, 'fixtures'),
      inspect: { port: 0 },
    });
    const url = await server.engine.inspectUrl();
    expect(url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/\?token=/);
    const { messages, socket } = await listen(url);
    const view = await server.engine.call<SessionView>('open', { game: 'tic-tac-toe', seed: 'i' });
    await until(() => messages.some((m) => m.type === 'service.register'));
    const register = messages.find((m) => m.type === 'service.register');
    expect(Object.keys(JSON.parse(register.machine).states)).toEqual(['__nophase__', 'gameover']);
    const step = await server.engine.call<StepSummary>('dispatch', { type: 'move', name: 'clickCell', args: [4], playerID: '0' });
    await until(() =>
      messages.some((m) => m.type === 'service.state' && JSON.stringify(JSON.parse(m.state).value) === JSON.stringify(step.chart)),
    );
    expect(view.players).toEqual(['0', '1']);
    socket.close();
  });

  it('refuses inspector clients without the token', async () => {
    server = await startUiServer({
      staticDir: path.join(root, 'renderer', 'dist'),
      fixturesDir: path.join(root, 'fixtures'),
      inspect: { port: 0 },
    });
    const url = new URL(await server.engine.inspectUrl());
    url.searchParams.delete('token');
    await expect(listen(url.href)).rejects.toThrow(/401/);
  });
});
