import { describe, expect, it } from 'vitest';
import { keptIn } from '../../src/lib/shared/kept.ts';

describe('keptIn', () => {
  it('makes a value once per key, null included, in a Map or a WeakMap', () => {
    const made: string[] = [];
    const store = new Map<string, string | null>();
    const make = (key: string, value: string | null) => () => (made.push(key), value);
    expect(keptIn(store, 'a', make('a', 'A'))).toBe('A');
    expect(keptIn(store, 'a', make('a', 'other'))).toBe('A');
    expect(keptIn(store, 'n', make('n', null))).toBeNull();
    expect(keptIn(store, 'n', make('n', 'other'))).toBeNull();
    expect(made).toEqual(['a', 'n']);
    const declaration = {};
    const weak = new WeakMap<object, number[]>();
    const first = keptIn(weak, declaration, () => [1]);
    expect(keptIn(weak, declaration, () => [2])).toBe(first);
  });
});
