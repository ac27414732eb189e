import { describe, expect, it } from 'vitest';
import { placeRows } from '../../src/pages/_lib/list-order.ts';

/** New rows of the build's copy of a list put where the API would list them (src/pages/_lib/list-order.ts). */
const at = (time: string) => `2026-11-26 10:${time}+00`;
const reply = (id: number, question_id: number, time: string) => ({ id, question_id, created_at: at(time) });
const ids = (rows: { id: number }[] | null) => rows?.map((r) => r.id) ?? null;

describe('placing new rows in a list ordered by numbers and timestamps', () => {
  const replies = [reply(1, 1, '00:00'), reply(2, 1, '05:00'), reply(3, 2, '00:00'), reply(5, 3, '00:00')];

  it('puts a row after the rows before it in every key, ties broken by id in the last key’s direction', () => {
    expect(
      ids(placeRows(['question_id', 'created_at'], replies, [reply(9, 1, '03:00'), reply(4, 2, '00:00'), reply(8, 4, '00:00')])),
    ).toEqual([1, 9, 2, 3, 4, 5, 8]);
    const newest = [reply(7, 1, '09:00'), reply(6, 1, '09:00'), reply(2, 1, '05:00')];
    expect(ids(placeRows(['-created_at'], newest, [reply(8, 1, '09:00'), reply(3, 1, '07:00')]))).toEqual([8, 7, 6, 3, 2]);
  });

  it('orders timestamps to the microsecond, as the database does (the API leaves trailing zeros out)', () => {
    const rows = [reply(1, 1, '00:00.1'), reply(2, 1, '00:00.100002')];
    expect(ids(placeRows(['created_at'], rows, [reply(3, 1, '00:00.100001')]))).toEqual([1, 3, 2]);
    expect(ids(placeRows(['created_at'], rows, [reply(4, 1, '00:00')]))).toEqual([4, 1, 2]);
  });

  it('gives up (the list is read again) on text keys, missing values, other time zones, or a copy not in that order', () => {
    const named = [
      { id: 1, name: 'Aalborg' },
      { id: 2, name: 'Bergen' },
    ];
    expect(placeRows(['name'], named, [{ id: 3, name: 'Cork' }])).toBeNull();
    expect(placeRows(['question_id', 'created_at'], replies, [{ id: 9, question_id: 1, created_at: null }])).toBeNull();
    expect(placeRows(['created_at'], replies.slice(0, 1), [{ id: 9, created_at: '2026-11-26 10:00:00+05:45' }])).toBeNull();
    expect(placeRows(['-created_at'], replies, [reply(9, 1, '01:00')])).toBeNull();
  });
});
