// A small game whose matches exercise each way boardgame.io's log misreports an action:
// setPhase (logged as endPhase { next }), setStage and setActivePlayers sent as events (logged
// as nothing), endGame inside a phase (logged as endPhase), undo and redo, and events inside moves.
import type { Game } from 'boardgame.io';

export interface LogGapsState {
  count: number;
  rolls: number[];
}

export const LogGaps: Game<LogGapsState> = {
  name: 'log-gaps',
  setup: ({ random }) => ({ count: 0, rolls: [random.D6()] }),
  events: { endGame: true, setActivePlayers: true, setStage: true, endStage: true, setPhase: true, endPhase: true, pass: true },
  moves: {
    bump: ({ G, random }) => {
      G.count++;
      G.rolls.push(random.D6());
    },
    bumpAndStage: ({ G, events }) => {
      G.count += 10;
      events.setStage('think');
    },
  },
  turn: {
    stages: { think: { moves: { ponder: ({ G }) => void (G.count += 100) } } },
  },
  phases: {
    opening: { start: true, next: 'middle' },
    middle: {},
  },
};

export default LogGaps;
