import { describe, expect, it } from 'vitest';
import { fieldsOf, readProjectFields, sameLocation } from './project-options';

const fields = (f: Partial<{ gamePath: string; factoryArgs: string; stubModules: string }>) => ({
  gamePath: '',
  factoryArgs: '',
  stubModules: '',
  ...f,
});

describe("the new-session form's project options", () => {
  it('reads a game path, factory arguments and stub modules into the open request, leaving empty ones out', () => {
    expect(readProjectFields(fields({}))).toEqual({ ok: true, location: {} });
    expect(
      readProjectFields(
        fields({ gamePath: ' example.game ', factoryArgs: '[4, "short"]', stubModules: 'toastify-js, @acme/ui lodash/fp,toastify-js' }),
      ),
    ).toEqual({
      ok: true,
      location: { gamePath: 'example.game', factoryArgs: [4, 'short'], stubModules: ['toastify-js', '@acme/ui', 'lodash/fp'] },
    });
    expect(readProjectFields(fields({ factoryArgs: '[]' }))).toEqual({ ok: true, location: { factoryArgs: [] } });
  });

  it('names what is wrong with each bad field', () => {
    const read = readProjectFields(
      fields({ gamePath: 'example..game', factoryArgs: '{"players": 4}', stubModules: 'ok-pkg, not a/name!' }),
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.gamePath).toMatch(/^game path: expected a dotted path .* got "example\.\.game"/);
    expect(read.errors.factoryArgs).toMatch(/^factory arguments: expected a JSON array .* got object/);
    expect(read.errors.stubModules).toMatch(/^stub modules: "a\/name!" is not a package name/);
    const broken = readProjectFields(fields({ factoryArgs: '[4, short]' }));
    expect(!broken.ok && broken.errors.factoryArgs).toMatch(/^factory arguments: not JSON \(.+\); expected an array/);
  });

  it('shows a session’s location in the fields and reads it back the same', () => {
    const location = { gamePath: 'games.0', factoryArgs: [5, { fast: true }], stubModules: ['a', '@b/c'] };
    const read = readProjectFields(fieldsOf(location));
    expect(read).toEqual({ ok: true, location });
    expect(sameLocation(location, read.ok ? read.location : {})).toBe(true);
    expect(sameLocation(location, {})).toBe(false);
  });
});
