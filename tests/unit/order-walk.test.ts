import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/index.ts';
import { consultancies, courses } from '../../server/db/schema/index.ts';
import type { ContentMemo } from '../../server/entities/content-memo.ts';
import { orderIndexed, walkFirst } from '../../server/entities/order-walk.ts';

type Row = Record<string, unknown>;

/** Statements that record what they were asked and answer `rows` (the walk) or a page of their own (the sort). */
function statements(walkedRows: number) {
  const asked: { walked: Row[]; sorted: Row[] } = { walked: [], sorted: [] };
  const walked = {
    execute: async (values: { limit: number; offset: number; budget: number }) => {
      asked.walked.push(values);
      return Array.from({ length: walkedRows }, (_, i) => ({ id: i, from: 'walk' }));
    },
  };
  const sorted = {
    execute: async (values: { limit: number; offset: number }) => {
      asked.sorted.push(values);
      return [{ id: 0, from: 'sort' }];
    },
  };
  return { asked, walked, sorted };
}

/** The memo of a table PostgreSQL estimates at `rows` rows (walkFirst reads nothing else). */
const estimating =
  (rows: number): ContentMemo =>
  async <T>(key: string) => {
    expect(key).toMatch(/^estimated-rows:/);
    return rows as T;
  };
const db = {} as Db;

describe('walking the order index for a search with many matches', () => {
  it('knows the orders an index holds: the declared order of consultancies and of courses, not their reverse or another', () => {
    expect(orderIndexed(consultancies, ['-priority', 'id'])).toBe(true);
    expect(orderIndexed(consultancies, ['priority', 'id'])).toBe(false);
    expect(orderIndexed(consultancies, ['name', 'id'])).toBe(false);
    expect(orderIndexed(courses, ['name', 'id'])).toBe(true);
    expect(orderIndexed(courses, ['name'])).toBe(true);
    expect(orderIndexed(courses, ['-name', 'id'])).toBe(false);
    expect(orderIndexed(courses, ['fee_npr', 'id'])).toBe(false);
  });

  it('walks within three times the rows a page needs at the matches’ density, and keeps the walk’s page when it fills', async () => {
    const { asked, walked, sorted } = statements(20);
    const page = await walkFirst(db, estimating(100_000), consultancies, 9_619, walked, sorted);
    const rows = await page.execute({ limit: 20, offset: 0 });
    expect(rows.every((r) => r.from === 'walk')).toBe(true);
    expect(asked.walked).toEqual([{ limit: 20, offset: 0, budget: Math.ceil((3 * 20 * 100_000) / 9_619) }]);
    expect(asked.sorted).toEqual([]);
  });

  it('sorts the matches when the walk falls short of a page (matches clustered late in the order)', async () => {
    const { asked, walked, sorted } = statements(7);
    const page = await walkFirst(db, estimating(100_000), consultancies, 9_619, walked, sorted);
    expect(await page.execute({ limit: 20, offset: 40 })).toEqual([{ id: 0, from: 'sort' }]);
    expect(asked.walked).toHaveLength(1);
    expect(asked.sorted).toEqual([{ limit: 20, offset: 40 }]);
  });

  it('sorts without walking where the budget would pass a third of the matches, past the last match, or in an empty table', async () => {
    for (const [rows, matches, offset] of [
      [100_000, 2_000, 0],
      [100_000, 9_619, 1_000],
      [100_000, 9_619, 9_619],
      [0, 9_619, 0],
    ] as const) {
      const { asked, walked, sorted } = statements(20);
      await (await walkFirst(db, estimating(rows), consultancies, matches, walked, sorted)).execute({ limit: 20, offset });
      expect(asked.walked, `${rows} rows, ${matches} matches, offset ${offset}`).toEqual([]);
      expect(asked.sorted).toHaveLength(1);
    }
  });
});
