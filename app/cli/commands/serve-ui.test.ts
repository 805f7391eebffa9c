import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { UiServer } from '../../server/ui-server';
import { tempDirWith } from '../../testing/temp-dir';
import { FIXTURES_DIR, startServeUi } from './serve-ui';

describe('flowscope serve --replay', () => {
  let first: UiServer | undefined;
  let second: UiServer | undefined;
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('prints the address before the replay has loaded, then says it opened', async () => {
    // A replay recorded in one server: 300 random steps of militia.
    first = await startServeUi({ file: path.join(FIXTURES_DIR, 'militia', 'game.ts'), players: 3, seed: 'serve', timeoutSeconds: 10 }, () => undefined);
    await first.engine.call('random', 300);
    const text = await first.engine.call<string>('exportReplay');
    const dir = tempDirWith({ 'militia.replay.json': text });

    const lines: string[] = [];
    second = await startServeUi({ replay: path.join(dir, 'militia.replay.json'), timeoutSeconds: 10 }, (line) => lines.push(line));
    const running = lines.findIndex((l) => l.startsWith('Flowscope is running at http://127.0.0.1:'));
    const opened = lines.findIndex((l) => /^opened replay .*militia\.replay\.json: militia, \d+ steps$/.test(l));
    expect(running).toBeGreaterThanOrEqual(0);
    expect(opened).toBeGreaterThan(running);
  });
});
