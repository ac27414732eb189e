import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/index.ts';
import { contentMemo } from '../../server/entities/content-memo.ts';

// the versions are given, as a cached route gives those it read: the memo then asks the database nothing
const memoOf = (db: Db, version = 3) => contentMemo(db, ['consultancy'], new Map([['consultancy', version]]));

describe('content memo', () => {
  it('runs a computation once for callers that ask while it runs, and remembers its answer', async () => {
    const memo = await memoOf({} as Db);
    let runs = 0;
    let release!: (n: number) => void;
    const compute = () => {
      runs++;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const asked = [memo('synonyms', compute), memo('synonyms', compute), memo('synonyms', compute)];
    await Promise.resolve();
    release(7);
    expect(await Promise.all(asked)).toEqual([7, 7, 7]);
    expect(await memo('synonyms', compute)).toBe(7);
    expect(runs).toBe(1);
  });

  it('does not remember a failure: the next call computes again', async () => {
    const memo = await memoOf({} as Db);
    let runs = 0;
    const failing = () => {
      runs++;
      return Promise.reject(new Error('connection lost'));
    };
    await expect(Promise.all([memo('facets', failing), memo('facets', failing)])).rejects.toThrow('connection lost');
    expect(runs).toBe(1);
    expect(await memo('facets', async () => 'counted')).toBe('counted');
  });

  it('keeps answers apart by content version', async () => {
    const db = {} as Db;
    expect(await (await memoOf(db, 3))('count', async () => 10)).toBe(10);
    expect(await (await memoOf(db, 4))('count', async () => 11)).toBe(11);
    expect(await (await memoOf(db, 3))('count', async () => 12)).toBe(10);
  });
});
