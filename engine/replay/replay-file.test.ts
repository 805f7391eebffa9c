import { describe, expect, it } from 'vitest';
import { formatReplay, formatReplayActionLines, formatReplayHeaderLine, parseReplay, ReplayError, type ReplayFile } from './replay-file';

const valid: ReplayFile = {
  format: 'flowscope-replay',
  version: 1,
  game: { name: 'bang', file: 'game.ts', sha256: 'a'.repeat(64) },
  numPlayers: 4,
  seed: 'seed',
  setupData: null,
  actions: [
    { type: 'move', name: 'PlayBang', args: ['c12', '2'], playerID: '0' },
    { type: 'event', name: 'endTurn', args: [], playerID: '0' },
    { type: 'undo', playerID: '0' },
    { type: 'reset' },
  ],
  expect: [{ step: 3, phase: 'play', currentPlayer: '1', activePlayers: { 2: 'respond' } }],
};

const problemsOf = (input: unknown): string[] => {
  try {
    parseReplay(input);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ReplayError);
    return (error as ReplayError).problems;
  }
};

describe('replay files', () => {
  it('round-trip through formatReplay and parseReplay', () => {
    expect(parseReplay(formatReplay(valid))).toEqual(valid);
  });

  it('default missing args to [] and setupData to null', () => {
    const { setupData: _s, expect: _e, ...rest } = valid;
    const parsed = parseReplay({ ...rest, actions: [{ type: 'move', name: 'a', playerID: '0' }] });
    expect(parsed.actions[0]).toEqual({ type: 'move', name: 'a', args: [], playerID: '0' });
    expect(parsed.setupData).toBeNull();
  });

  it('name every bad field', () => {
    expect(
      problemsOf({
        format: 'other',
        version: 1,
        game: { name: 3, sha256: 'xyz', factoryArgs: 3, stubModules: ['a', 4] },
        numPlayers: 2.5,
        seed: '',
        actions: [
          { type: 'move', name: 'a', args: 'x', playerID: '0' },
          { type: 'event', name: 'endRound', playerID: '0' },
          { type: 'jump' },
          7,
        ],
        expect: [{ step: 9, colour: 'red' }, { step: -1 }, { step: 1, turn: 'two', activePlayers: [] }],
      }),
    ).toEqual([
      'format: expected "flowscope-replay", got string "other"',
      'game.name: expected a string, got number 3',
      'game.sha256: expected 64 lowercase hex digits, got string "xyz"',
      'game.factoryArgs: expected an array of the factory arguments, got number 3',
      'game.stubModules[1]: expected a module name, got number 4',
      'numPlayers: expected a positive integer, got number 2.5',
      'seed: expected a non-empty string, got string ""',
      'actions[0].args: expected an array, got string "x"',
      'actions[1].name: expected one of endTurn, endPhase, setPhase, endGame, setStage, endStage, setActivePlayers, pass, setActionPlayers, got string "endRound"',
      'actions[2].type: expected move, event, undo, redo or reset, got string "jump"',
      'actions[3]: expected an action object, got number 7',
      'expect[0].step: 9 is past the last step (4)',
      'expect[0].colour: not a checkable field (use ok, phase, turn, currentPlayer, playOrder, playOrderPos, activePlayers, numMoves, gameover)',
      'expect[1].step: expected a step number (0 = initial state), got number -1',
      'expect[2].turn: expected an integer, got string "two"',
      'expect[2].activePlayers: expected an object or null, got an array',
    ]);
  });

  it('refuse what is not a replay at all, with a clear message', () => {
    expect(problemsOf('{"format": ')[0]).toMatch(/^not JSON: /);
    expect(problemsOf('[1,2]')).toEqual(['the file must hold a JSON object, got an array']);
    expect(problemsOf({ ...valid, version: 2 })).toEqual(['version: 2 is newer than this Flowscope reads (1); update Flowscope']);
    expect(problemsOf({ ...valid, actions: undefined })).toEqual(['actions: expected an array, got nothing (the field is missing)']);
  });

  it('type-check every expectation field, playOrder and activePlayers values included', () => {
    const expectOf = (e: object) => problemsOf({ ...valid, expect: [{ step: 1, ...e }] });
    expect(expectOf({ playOrder: '0,1' })).toEqual(['expect[0].playOrder: expected an array of player IDs, got string "0,1"']);
    expect(expectOf({ playOrder: ['0', 1] })).toEqual(['expect[0].playOrder[1]: expected a player ID string, got number 1']);
    expect(expectOf({ activePlayers: { 0: 3 } })).toEqual(['expect[0].activePlayers["0"]: expected a stage name or null, got number 3']);
    expect(expectOf({ ok: 'yes', phase: 3, currentPlayer: 0 })).toEqual([
      'expect[0].ok: expected a boolean, got string "yes"',
      'expect[0].phase: expected a phase name or null, got number 3',
      'expect[0].currentPlayer: expected a string, got number 0',
    ]);
    expect(expectOf({ playOrder: ['0', '1'], activePlayers: { 0: null, 1: 'discard' } })).toEqual([]);
  });

  it('refuse what no JSON text can hold with a ReplayError too', () => {
    const hostile = {
      ...valid,
      get seed(): string {
        throw new Error('boom');
      },
    };
    expect(problemsOf(hostile)).toEqual(['unreadable replay: boom']);
  });
});

describe("a replay's line form (the crash journal)", () => {
  const { actions, expect: _expect, ...header } = valid;
  const linesOf = (...rest: string[]) => [JSON.stringify(header), ...rest].join('\n') + '\n';

  it('reads the header, one action per line, and a branch replacing what followed', () => {
    const text = linesOf(...actions.map((a) => JSON.stringify(a)), '{"truncate":1}', JSON.stringify(actions[3]));
    expect(parseReplay(text)).toEqual({ ...header, actions: [actions[0], actions[3]] });
    expect(parseReplay(linesOf()).actions).toEqual([]);
    expect(parseReplay(formatReplayHeaderLine(header) + formatReplayActionLines(0, 1, actions))).toEqual({ ...header, actions });
  });

  it('leaves out a last line cut short, and names a damaged line before the end', () => {
    expect(parseReplay(linesOf(JSON.stringify(actions[0])) + '{"type":"mo').actions).toEqual([actions[0]]);
    expect(problemsOf(linesOf('{"truncate":3}', JSON.stringify(actions[0])))).toEqual([
      'line 2 is damaged (truncate: 3 is past the 0 actions before it): it and the 1 action after it cannot be read',
    ]);
    expect(problemsOf(linesOf(JSON.stringify({ type: 'jump' }), '', JSON.stringify(actions[0]), JSON.stringify(actions[1])))).toEqual([
      'line 2 is damaged (not a valid action (type: expected move, event, undo, redo or reset, got string "jump")): it and the 2 actions after it cannot be read',
    ]);
    // Its header is checked like any replay's.
    expect(problemsOf(linesOf().replace('"numPlayers":4', '"numPlayers":0'))).toEqual([expect.stringMatching(/^numPlayers: /)]);
  });

  it('names a journal of an older Flowscope, which is no replay, and says how to restore it', () => {
    const old = [
      { kind: 'open', open: { game: 'game.ts' }, pid: 1, at: 'then' },
      { kind: 'action', step: 1, action: actions[0] },
    ];
    expect(problemsOf(old.map((l) => JSON.stringify(l)).join('\n') + '\n')).toEqual([
      expect.stringMatching(/^a session journal written by an older Flowscope.*flowscope serve --restore/),
    ]);
  });
});
