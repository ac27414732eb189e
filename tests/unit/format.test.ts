import { describe, expect, it } from 'vitest';
import { entities } from '../../src/lib/contract/index.ts';
import { countOf, dayInNepal, formatDate, formatMoney, machineTime } from '../../src/lib/format.ts';
import { cardFacts, formatValue } from '../../src/pages/_lib/content.ts';

describe('one formatter for site, islands and console', () => {
  it('gives the day in Nepal (UTC+5:45): the next day from 18:15 UTC', () => {
    expect(dayInNepal(new Date('2027-05-08T18:14:59Z'))).toBe('2027-05-08');
    expect(dayInNepal(new Date('2027-05-08T18:15:00Z'))).toBe('2027-05-09');
    expect(dayInNepal(new Date('2027-12-31T18:15:00Z'))).toBe('2028-01-01');
    expect(dayInNepal(new Date('2027-05-09T00:00:00Z'))).toBe('2027-05-09');
  });

  it('writes dates as "23 Nov 2026": a calendar date as that day, a moment as the day in Nepal', () => {
    expect(formatDate('2026-11-23')).toBe('23 Nov 2026');
    // 20:00 UTC on the 23rd is already the 24th in Kathmandu (UTC+5:45)
    expect(formatDate('2026-11-23T20:00:00Z')).toBe('24 Nov 2026');
    expect(formatDate('2026-11-23T00:00:00Z', { time: true })).toBe('23 Nov 2026, 05:45');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate(null)).toBe('');
  });

  it("gives HTML's datetime a valid moment, not the database's text form", () => {
    expect(machineTime('2026-11-22 10:44:56.22+00')).toBe('2026-11-22T10:44:56.220Z');
    expect(machineTime('2026-11-22 16:29:56.22+05:45')).toBe('2026-11-22T10:44:56.220Z');
  });

  it('writes money with its currency, and counts with the right plural', () => {
    expect(formatMoney(3308100, 'jpy')).toBe('JPY 3,308,100');
    expect(formatMoney(29710, 'AUD')).toBe('AUD 29,710');
    expect(formatMoney(500, 'N/A')).toBe('N/A 500');
    expect(formatMoney(500, '')).toBe('500');
    expect([countOf(1, 'like'), countOf(0, 'like'), countOf(2, 'reply', 'replies'), countOf(1200, 'month')]).toEqual([
      '1 like',
      '0 likes',
      '2 replies',
      '1,200 months',
    ]);
  });

  it('formats fields by their declared options: ranks, money, units, dates without a meaningless time', () => {
    const u = entities.university.fields;
    const row = { id: 1, world_ranking: 12, tuition_min: 130500, currency: 'DKK', established_year: 1974 };
    expect(formatValue(u.world_ranking, 12, undefined, row)).toBe('#12');
    expect(formatValue(u.tuition_min, 130500, undefined, row)).toBe('DKK 130,500');
    expect(formatValue(u.established_year, 1974, undefined, row)).toBe('1974');
    expect(formatValue(entities.course.fields.duration_months, 48)).toBe('48 months');
    expect(formatValue(entities.course.fields.duration_months, 1)).toBe('1 month');
    expect(formatValue(entities.blog.fields.published_at, '2026-11-23T00:00:00Z')).toBe('23 Nov 2026');
    expect(formatValue(entities.event.fields.starts_at, '2026-11-23T04:15:00Z')).toBe('23 Nov 2026, 10:00');
  });

  it('names a rank or an amount on a card, and never shows a currency code alone', () => {
    const facts = cardFacts(entities.university, { name: 'MIT', world_ranking: 1, city: 'Cambridge', currency: 'USD' } as never, {});
    expect(facts).toContain('World ranking #1');
    expect(facts).not.toContain('USD');
    const course = cardFacts(entities.course, { name: 'BBA', fee: 3308100, currency: 'JPY' } as never, {});
    expect(course).toContain('Yearly fee JPY 3,308,100');
  });
});
