import { SessionHost } from '../../app/host/session-host';
import { median, type Row } from '../measure';
import { GAMES, recordActions, root, tracedSession, type BenchGame } from './games';
import path from 'node:path';

/**
 * Host CPU for what the UI asks on one step: stepping forward through a played session (the
 * step's detail, serialised as the worker sends it), and playing a new step (dispatch + detail).
 * The anchor is boardgame.io's bare reducer for one step of the same game: a step forward must
 * re-derive one state (the memory row forbids keeping them all), so the goal is a ratio to that.
 */
export async function hostCpu(history: number, samples: number, rounds: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const game of GAMES) rows.push(...(await hostCpuOf(game, history, samples, rounds)));
  return rows;
}

async function hostCpuOf(game: BenchGame, history: number, samples: number, rounds: number): Promise<Row[]> {
  const host = new SessionHost({ fixturesDir: path.join(root, 'fixtures'), emit: () => {} });
  await host.open({ ...game.open, seed: 'bench' });
  const all = await recordActions(game, history + samples * rounds, 'bench');
  const actions = all.slice(0, history);
  for (const action of actions) await host.dispatch(action);
  // The host must be playing the game the anchor plays.
  const { session } = await tracedSession(game, actions, 'bench');
  if (JSON.stringify((await host.step(history)).G) !== JSON.stringify(session.stateAt(history).G)) {
    throw new Error(`the host's ${game.label} on ${game.release} did not reach the bench session's state`);
  }
  let next = history;
  const forward: number[] = [];
  const play: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < rounds; round++) {
    bare.push((await game.bare(actions, 'bench')) / actions.length);
    const start = 1 + round * samples;
    let ms = 0;
    for (let i = start; i < start + samples; i++) {
      const t = process.cpuUsage();
      JSON.stringify(await host.step(i));
      const d = process.cpuUsage(t);
      ms += (d.user + d.system) / 1000;
    }
    forward.push(ms / samples);
    ms = 0;
    for (let i = 0; i < samples; i++) {
      const t = process.cpuUsage();
      const s = await host.dispatch(all[next++]);
      JSON.stringify(await host.step(s.index));
      const d = process.cpuUsage(t);
      ms += (d.user + d.system) / 1000;
    }
    play.push(ms / samples);
  }
  const anchor = median(bare);
  const row = (what: string, ms: number[]): Row => ({
    measure: `host CPU for ${what} (${game.release}, ${game.label}, ${game.numPlayers} player${game.numPlayers === 1 ? '' : 's'})`,
    ratio: median(ms) / anchor,
    goal: "<= 3x the bare reducer's step",
    met: median(ms) / anchor <= 3,
    detail: `${median(ms).toFixed(2)} ms per step; bare reducer ${anchor.toFixed(2)} ms per step`,
  });
  return [row('one step forward (step detail)', forward), row('one new step (dispatch + step detail)', play)];
}
