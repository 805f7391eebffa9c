import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type RunningServe } from '../cli/commands/serve';
import { browserUnavailable, launchChromium } from '../testing/browser';
import { tempDirWith } from '../testing/temp-dir';
import { ROOT, shootAll, stepCounter, VIEWPORTS } from '../testing/ui-session';
import { TICKER_GAME, tickerReplay } from '../testing/ticker-game';
import { factoryProject } from '../testing/factory-project';

const missing = browserUnavailable();
if (missing && process.env.CI) throw new Error(`browser tests need Chromium under CI: ${missing}`);

const quiet = () => undefined;
const serve = (options: Partial<Parameters<typeof startServe>[0]>) =>
  startServe({ timeoutSeconds: 10, port: 0, attach: false, ...options }, quiet, quiet);

// Long enough that the page opens well before the replay has loaded, on a fast machine too.
const LONG = 10_000;
const longReplay = tickerReplay(LONG);

/** A journal left by a process that crashed (its pid is no longer running): tic-tac-toe, three moves. */
function crashedJournal(): string {
  const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
  const open = {
    kind: 'open',
    open: { game: path.join(ROOT, 'fixtures/tic-tac-toe/game.ts'), numPlayers: 2, seed: 'crashed' },
    pid: dead,
    at: '2026-01-02T03:04:05.000Z',
    actions: [],
  };
  const moves = [4, 0, 8].map((cell, i) => ({
    kind: 'action',
    step: i + 1,
    action: { type: 'move', name: 'clickCell', args: [cell], playerID: String(i % 2) },
  }));
  return tempDirWith({ [`1-${dead}-abcd.journal.jsonl`]: [open, ...moves].map((l) => JSON.stringify(l) + '\n').join('') });
}

describe.skipIf(!!missing)('what serve was started with, in the page', () => {
  let browser: Browser;
  let server: RunningServe | null = null;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    await page?.close();
    await server?.close();
    server = null;
  });
  afterAll(async () => {
    await browser?.close();
  });

  const newPage = async (url: string) => {
    page = await browser.newPage({ viewport: VIEWPORTS[1] });
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(url);
    return page;
  };

  it('a long replay: the page opened before it has loaded shows the loading, then the whole session', async () => {
    const dir = tempDirWith({ 'game.ts': TICKER_GAME, 'long.replay.json': longReplay });
    server = await serve({ replay: path.join(dir, 'long.replay.json') });
    await newPage(server.url);
    const progress = page.getByTestId('progress');
    await progress.waitFor({ timeout: 20_000 });
    expect(await page.locator('.notice').first().textContent()).toMatch(
      new RegExp(`^Opening replay long\\.replay\\.json: [\\d,]+ / ${LONG.toLocaleString('en')} steps`),
    );
    expect(Number(await progress.getAttribute('value'))).toBeLessThan(LONG);
    // The page says it is loading that replay (not "Opening a game…"), and offers no steps to travel through yet.
    expect(await page.locator('main.empty').textContent()).toMatch(/^Opening replay long\.replay\.json…/);
    for (const button of ['first step', 'previous step', 'play', 'next step', 'last step'])
      expect(await page.getByLabel(button, { exact: true }).isDisabled(), button).toBe(true);
    await shootAll(page, 'serve-01-loading');
    await server.loaded;
    // The session arrives whole: every step, the last one selected, and no error on the way.
    await expect.poll(async () => (await stepCounter(page)).last, { timeout: 20_000 }).toBe(LONG);
    expect((await stepCounter(page)).selected).toBe(LONG);
    await expect.poll(() => progress.count()).toBe(0);
    expect(await page.locator('.notice.error').count()).toBe(0);
    expect(await page.getByLabel('next step', { exact: true }).isDisabled()).toBe(false);
    expect(await page.locator('.toolbar').textContent()).toMatch(/ticker · 2 players · seed slow/);
  });

  it('offers the session a crash left unfinished, and restores it with every action', async () => {
    const journals = crashedJournal();
    server = await serve({ journalDir: journals });
    await newPage(server.url);
    const offer = page.getByTestId('restore-offer');
    await offer.waitFor({ timeout: 20_000 });
    expect(await offer.textContent()).toMatch(
      /Restore the session that was open when Flowscope stopped\? .*game\.ts, opened .*: 3 actions recorded\./,
    );
    // Named by its path from the working folder, not by its base name, which every fixture shares.
    expect(await offer.locator('strong').textContent()).toBe(path.relative(process.cwd(), path.join(ROOT, 'fixtures/tic-tac-toe/game.ts')));
    await page.waitForSelector('.react-flow__node', { timeout: 20_000 });
    await shootAll(page, 'serve-02-restore-offer');
    await offer.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => offer.count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(async () => stepCounter(page)).toEqual({ selected: 3, last: 3 });
    expect(await page.locator('.toolbar').textContent()).toMatch(/tic-tac-toe · 2 players · seed crashed/);
    expect(readdirSync(journals).filter((f) => f.startsWith('1-'))).toEqual([]);
  });

  it('offers a journal damaged in the middle with what it cannot restore, restores the rest and keeps the journal', async () => {
    const journals = crashedJournal();
    const [file] = readdirSync(journals);
    const lines = readFileSync(path.join(journals, file), 'utf8').split('\n');
    writeFileSync(path.join(journals, file), [...lines.slice(0, 3), 'garbage {', ...lines.slice(3)].join('\n'));
    server = await serve({ journalDir: journals });
    await newPage(server.url);
    const offer = page.getByTestId('restore-offer');
    await offer.waitFor({ timeout: 20_000 });
    expect(await offer.textContent()).toMatch(
      /2 actions recorded \(line 4 of its journal is damaged: the 1 action after it cannot be restored; the whole journal is kept\)\./,
    );
    await page.waitForSelector('.react-flow__node', { timeout: 20_000 });
    await shootAll(page, 'serve-02b-restore-offer-damaged');
    await offer.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => offer.count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(async () => stepCounter(page)).toEqual({ selected: 2, last: 2 });
    expect(existsSync(path.join(journals, file.replace('.journal.jsonl', '.damaged.jsonl')))).toBe(true);
  });

  it('discards the unfinished session when asked', async () => {
    const journals = crashedJournal();
    const [file] = readdirSync(journals);
    server = await serve({ journalDir: journals });
    await newPage(server.url);
    const offer = page.getByTestId('restore-offer');
    await offer.waitFor({ timeout: 20_000 });
    await offer.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => offer.count()).toBe(0);
    expect(existsSync(path.join(journals, file))).toBe(false);
    // Asked again (another page, a reload), there is nothing to offer.
    await page.reload();
    await page.waitForSelector('.react-flow__node', { timeout: 20_000 });
    expect(await offer.count()).toBe(0);
  });

  it('the new-session form takes a game path, factory arguments and stub modules, and says what is wrong with bad ones', async () => {
    const file = factoryProject();
    server = await serve({ file, game: 'makeGame', open: { factoryArgs: [5], stubModules: ['not-installed-toasts'] } });
    await server.loaded;
    await newPage(server.url);
    await page.waitForSelector('.react-flow__node', { timeout: 20_000 });
    const toolbar = page.locator('.toolbar');
    expect(await toolbar.textContent()).toMatch(/race-5/);
    await page.getByRole('button', { name: /^project/ }).click();
    const options = page.getByRole('group', { name: 'project options' });
    // The fields show how the session's game was found.
    expect(await options.getByLabel('factory arguments').inputValue()).toBe('[5]');
    expect(await options.getByLabel('stub modules').inputValue()).toBe('not-installed-toasts');

    // Bad input: each field's error, nothing sent, the session and the typed text kept.
    await options.getByLabel('factory arguments').fill('[7, short]');
    await options.getByLabel('stub modules').fill('not-installed-toasts, bad name!');
    await options.getByLabel('game path').fill('makeGame..x');
    await page.getByRole('button', { name: 'New session' }).click();
    const errors = page.getByTestId('project-errors');
    await errors.waitFor();
    const text = await errors.textContent();
    expect(text).toMatch(/game path: expected a dotted path/);
    expect(text).toMatch(/factory arguments: not JSON/);
    expect(text).toMatch(/stub modules: "name!" is not a package name/);
    expect(await options.getByLabel('factory arguments').inputValue()).toBe('[7, short]');
    expect(await toolbar.textContent()).toMatch(/race-5/);
    await shootAll(page, 'serve-03-project-errors');

    // Good input opens the game again with it.
    await options.getByLabel('factory arguments').fill('[7]');
    await options.getByLabel('stub modules').fill('not-installed-toasts');
    await options.getByLabel('game path').fill('');
    await page.getByRole('button', { name: 'New session' }).click();
    await expect.poll(async () => toolbar.textContent(), { timeout: 20_000 }).toMatch(/race-7/);
    expect(await errors.count()).toBe(0);

    // What only the game can say (the package is needed) comes back as a notice; the session stays.
    await page.getByRole('button', { name: /^project/ }).click();
    await options.getByLabel('stub modules').fill('');
    await page.getByRole('button', { name: 'New session' }).click();
    await expect.poll(() => page.getByTestId('notice-text').textContent(), { timeout: 20_000 }).toMatch(/not-installed-toasts/);
    // The options close on sending, so they do not cover the notice their input caused.
    expect(await options.count()).toBe(0);
    expect(await toolbar.textContent()).toMatch(/race-7/);
  });
});
