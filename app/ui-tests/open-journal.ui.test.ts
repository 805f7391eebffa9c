import { copyFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UiServer } from '../server/ui-server';
import { browserUnavailable } from '../testing/browser';
import { tempDirWith } from '../testing/temp-dir';
import { openGame, SHOTS, startUiSession, stepCounter } from '../testing/ui-session';

const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);

// The session journal is a replay: the page's Open replay opens it like a saved replay file.
describe.skipIf(!!missing)('Open replay of a session journal', () => {
  let server: UiServer;
  let browser: Browser;
  let page: Page;
  const journals = tempDirWith({});

  beforeAll(async () => {
    ({ server, browser } = await startUiSession({ watch: false, journalDir: journals }));
    page = await openGame(browser, server.url, 'tic-tac-toe', 2, 'journal');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('replays every step the journal recorded', async () => {
    await page.evaluate(() => (window as any).flowscope.random(5));
    await expect.poll(async () => (await stepCounter(page)).last).toBe(5);
    const played = await page.evaluate(async () => (window as any).flowscope.host.steps(1, 5));
    // The server's journal starts afresh with the next game: keep a copy of this session's.
    const [written] = readdirSync(journals).map((name) => path.join(journals, name));
    const journal = path.join(tempDirWith({}), 'played.journal.jsonl');
    copyFileSync(written, journal);

    await page.evaluate(() => (window as any).flowscope.open({ game: 'tic-tac-toe', numPlayers: 2, seed: 'other' }));
    await expect.poll(async () => (await stepCounter(page)).last).toBe(0);
    await page.getByTestId('replay-file').setInputFiles(journal);
    await expect.poll(async () => (await stepCounter(page)).last).toBe(5);
    await page.getByText(/opened replay played\.journal\.jsonl: 5 steps/).waitFor();
    const opened = await page.evaluate(async () => (window as any).flowscope.host.steps(1, 5));
    expect(opened.map((s: { action: unknown }) => s.action)).toEqual(played.map((s: { action: unknown }) => s.action));
    await page.screenshot({ path: path.join(SHOTS, 'open-journal-1600-dark.png') });
  }, 60_000);
});
