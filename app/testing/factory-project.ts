import path from 'node:path';
import { tempDirWith } from './temp-dir';

/**
 * A game only a factory makes (`makeGame(rounds)`), in a file of a temporary folder (outside the
 * working folder) that also imports a package that is not installed: what the project options
 * (`--game-path`, `--factory-args`, `--stub-module`) are for.
 */
export function factoryProject(): string {
  const dir = tempDirWith({
    'game.ts': [
      "import { toast } from 'not-installed-toasts';",
      'export function makeGame(rounds: number) {',
      '  return { name: `race-${rounds}`, setup: () => ({ n: 0 }), moves: { run: ({ G }: any) => { toast(`ran ${G.n}`); return { n: G.n + 1 }; } }, turn: { maxMoves: rounds } };',
      '}',
    ].join('\n'),
  });
  return path.join(dir, 'game.ts');
}
