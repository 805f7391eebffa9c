// Every unseeded source real games use, in every place they use them: at module load, in setup,
// in moves, in hooks, in a helper file, through lodash, the clock and crypto.
import _ from 'lodash';
import { v4 as uuidv4 } from 'uuid';
import { newDeck, shuffle } from './deck';

const TABLE = { id: Math.floor(Math.random() * 1e9), openedAt: new Date().toISOString() };

export const Chance = {
  name: 'chance',
  setup: () => ({ table: TABLE.id, openedAt: TABLE.openedAt, deck: newDeck(), log: [], ids: [], seat: Math.random() }),
  moves: {
    draw: ({ G }) => {
      G.deck = shuffle(G.deck);
      G.log.push(G.deck[0]);
    },
    lodash: ({ G }) => {
      G.deck = _.shuffle(G.deck);
      G.log.push(_.random(0, 99));
    },
    stamp: ({ G }) => {
      G.log.push(Date.now(), new Date().getTime(), Math.round(performance.now()));
    },
    ids: ({ G }) => {
      const bytes = crypto.getRandomValues(new Uint8Array(4));
      G.ids.push(crypto.randomUUID(), uuidv4(), Array.from(bytes).join('.'));
    },
    fair: ({ G, random }) => {
      G.log.push(random.D6());
    },
  },
  turn: {
    onBegin: ({ G }) => {
      G.log.push(`turn at ${Date.now()}`);
    },
  },
};
