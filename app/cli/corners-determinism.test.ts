import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bgio050, findGames, findNondeterminism, Session } from '../../engine';
import { loadGameModule } from '../load/load-game-file';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the cause of a divergence between two runs in one process', () => {
  it('names module state a move changes, not the seeded Math.random beside it', async () => {
    const loaded = await loadGameModule(path.join(here, 'testing/corners/module-counter.ts'), bgio050);
    const config = findGames(loaded.exports)[0].config;
    const session = new Session({ runtime: bgio050, config, numPlayers: 2, seed: 's', gameRandomness: loaded.gameRandomness });
    for (let i = 0; i < 3; i++) session.dispatch({ type: 'move', name: 'draw', args: [], playerID: '0' });
    // The same module object runs the actions again, as an explore worker does.
    const found = findNondeterminism(session);
    expect(found?.step).toBe(1);
    expect(found?.suspects.join('; ')).toMatch(/moves\.draw changes nextCardId, which is kept in the game's module/);
    expect(found?.suspects.join('; ')).not.toMatch(/Math\.random/);
  });
});
