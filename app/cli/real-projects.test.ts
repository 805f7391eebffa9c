import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bgio050 } from '../../engine';
import { checkPlayerCount, newSession, openGame } from '../game/open-session';
import { tempDirWith } from '../testing/temp-dir';
import { GameLoadError, loadGameModule } from '../load/load-game-file';

describe('opening real projects', () => {
  it('loads JSX written in .js files, as create-react-app projects do', async () => {
    const dir = tempDirWith({
      'package.json': JSON.stringify({ dependencies: { 'boardgame.io': '^0.50.0' } }),
      'src/Game.js': "import { Piece } from './Piece';\nexport const Game = { moves: { put: () => undefined }, piece: Piece };\n",
      'src/Piece.js': 'export const Piece = () => <div className="piece" />;\n',
    });
    const opened = await openGame(path.join(dir, 'src', 'Game.js'));
    expect(Object.keys(opened.game.config.moves as object)).toEqual(['put']);
  });

  it("honours the nearest tsconfig.json's baseUrl and paths, and a jsconfig.json's baseUrl", async () => {
    const ts = tempDirWith({
      'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@rules/*': ['src/rules/*'] } } }),
      'src/game/game.ts': "import { turn } from '@rules/turn';\nexport default { moves: {}, turn };\n",
      'src/rules/turn.ts': 'export const turn = { maxMoves: 3 };\n',
    });
    expect((await openGame(path.join(ts, 'src', 'game', 'game.ts'))).game.config.turn).toEqual({ maxMoves: 3 });
    const js = tempDirWith({
      'jsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: 'src' } }),
      'src/game/Game.js': "import { moves } from 'logic/moves';\nexport default { moves };\n",
      'src/logic/moves.js': 'export const moves = { a: () => undefined };\n',
    });
    expect(Object.keys((await openGame(path.join(js, 'src', 'game', 'Game.js'))).game.config.moves as object)).toEqual(['a']);
  });

  it('names the file, the import and a way out for a package that is not installed, and the way out works', async () => {
    const dir = tempDirWith({
      'game.js':
        "import { toast } from 'some-toaster/dist/toast';\nimport confetti from '@party/confetti';\nimport * as log from 'some-toaster';\nexport default { setup: () => ({ n: 0 }), moves: { a: ({ G }) => { toast('hi'); confetti.burst({ n: 3 }); log.info.deep(); new log.Logger(); G.n++; } }, turn: { maxMoves: 1 } };\n",
    });
    const file = path.join(dir, 'game.js');
    const failure = await loadGameModule(file, bgio050).catch((e) => e);
    expect(failure).toBeInstanceOf(GameLoadError);
    expect(failure.message).toMatch(/game\.js:1:\d+: Could not resolve "some-toaster\/dist\/toast"/);
    expect(failure.message).toMatch(/--stub-module some-toaster --stub-module @party\/confetti/);
    const opened = await openGame(file, undefined, undefined, undefined, { stubModules: ['some-toaster', '@party/confetti'] });
    expect(opened.game.config.turn).toEqual({ maxMoves: 1 });
    // The stub does nothing, so the move runs on.
    const session = newSession(opened, 2, 's', null);
    const played = session.dispatch({ type: 'move', name: 'a', args: [], playerID: '0' });
    expect(played.ok, JSON.stringify(played.error ?? played.trace.entries)).toBe(true);
    expect(session.currentState.G).toEqual({ n: 1 });
    expect(opened.module.inputs.map((f) => path.basename(f))).toEqual(['game.js']);
  });

  it('opens a factory export with its arguments, and a game kept at a property', async () => {
    const dir = tempDirWith({
      'game.ts': [
        'export function makeGame(players: number, rounds: number) { return { name: `race-${rounds}`, minPlayers: players, moves: { run: () => undefined }, turn: { maxMoves: rounds } }; }',
        'export const example = { title: "demo", game: { moves: { go: () => undefined } } };',
      ].join('\n'),
    });
    const file = path.join(dir, 'game.ts');
    const made = await openGame(file, 'makeGame', undefined, undefined, { factoryArgs: [2, 4] });
    expect(made.game.name).toBe('race-4');
    expect(made.game.config.turn).toEqual({ maxMoves: 4 });
    const kept = await openGame(file, undefined, undefined, undefined, { gamePath: 'example.game' });
    expect(Object.keys(kept.game.config.moves as object)).toEqual(['go']);
    await expect(openGame(file)).rejects.toThrow(
      /no game found in .*game\.ts: it exports example, makeGame, none of them a boardgame\.io game .*; makeGame is a function: .*--factory-args.*--game-path NAME\.prop/,
    );
    await expect(openGame(file, undefined, undefined, undefined, { gamePath: 'example.nope' })).rejects.toThrow(
      /nothing at example\.nope: example is an object with keys title, game/,
    );
    await expect(openGame(file, 'makeGame')).rejects.toThrow(
      /makeGame is a function, not a game: if it returns the game, give its arguments as JSON \(--factory-args '\[\]'\)/,
    );
    await expect(openGame(file, undefined, undefined, undefined, { gamePath: 'makeGame' })).rejects.toThrow(
      /makeGame is a function, not a game: .*--factory-args/,
    );
  });

  it('chooses an export that is also the default export by its name', async () => {
    const dir = tempDirWith({
      'game.ts':
        'export const TicTacToe = { moves: { mark: () => undefined } };\nexport const Other = { moves: {} };\nexport default TicTacToe;\n',
    });
    const opened = await openGame(path.join(dir, 'game.ts'), 'TicTacToe');
    expect(Object.keys(opened.game.config.moves as object)).toEqual(['mark']);
  });

  it('refuses a player count outside minPlayers/maxPlayers', async () => {
    const dir = tempDirWith({ 'game.ts': "export default { name: 'duel', minPlayers: 2, maxPlayers: 3, moves: {} };" });
    const opened = await openGame(path.join(dir, 'game.ts'));
    expect(() => checkPlayerCount(opened.game, 4)).toThrow(
      'duel is for 2 to 3 players (minPlayers/maxPlayers), not 4: choose a count it accepts (--players N)',
    );
    expect(() => checkPlayerCount(opened.game, 1)).toThrow(/not 1/);
    expect(() => checkPlayerCount(opened.game, 3)).not.toThrow();
  });
});
