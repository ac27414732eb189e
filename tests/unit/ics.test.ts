import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { foldLine, icsCalendar } from '../../src/lib/shared/ics.ts';
import { nextDateOf, nextIntake } from '../../src/lib/shared/next-date.ts';
import { entities } from '../../src/lib/contract/index.ts';

const days = [
  {
    uid: 'scholarship-7-2027-01-15@studyabroad.example',
    date: '2027-01-15',
    summary: 'Deadline: Australia Awards, Nepal; Masters (full tuition, living costs, airfare) — नेपाल',
    url: 'https://example.org/scholarship/australia-awards/',
    description: 'Saved on your shortlist.\nConfirm the date on the official page.',
  },
  {
    uid: 'course-3-2027-02-01@studyabroad.example',
    date: '2027-02-01',
    summary: 'Next intake: MSc Data Science',
    url: 'https://example.org/course/msc/',
  },
];

describe('calendar files', () => {
  const text = icsCalendar(days, new Date('2026-11-26T10:00:00Z'));

  it('are read back by ical.js with every property RFC 5545 asks for', () => {
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('prodid')).toBe('-//Study Abroad Nepal//Shortlist dates//EN');
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.uid, e.summary, e.startDate.toString(), e.startDate.isDate, e.endDate.toString()])).toEqual([
      [days[0]!.uid, days[0]!.summary, '2027-01-15', true, '2027-01-16'],
      [days[1]!.uid, days[1]!.summary, '2027-02-01', true, '2027-02-02'],
    ]);
    expect(events[0]!.description).toBe(days[0]!.description);
    const first = cal.getAllSubcomponents('vevent')[0]!;
    expect(first.getFirstPropertyValue('url')).toBe(days[0]!.url);
    expect(first.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-11-26T10:00:00Z');
  });

  it('end every line with CRLF and fold lines at 75 octets, never inside a character', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    const folded = foldLine(`SUMMARY:${'नेपाल'.repeat(20)}`);
    expect(folded.split('\r\n ').join('')).toBe(`SUMMARY:${'नेपाल'.repeat(20)}`);
  });
});

describe('the next date of a saved row', () => {
  it('is a deadline still to come, or the first day of the next intake month', () => {
    expect(nextDateOf(entities.scholarship, { deadline: '2027-01-15' }, '2026-11-26')).toEqual({ label: 'Deadline', date: '2027-01-15' });
    expect(nextDateOf(entities.scholarship, { deadline: '2026-11-25' }, '2026-11-26')).toBeNull();
    expect(nextDateOf(entities.course, { intakes: ['February', 'July', 'November'] }, '2026-11-26')).toEqual({
      label: 'Next intake',
      date: '2027-02-01',
    });
    expect(nextIntake(['November'], '2026-11-01')).toBe('2026-11-01');
    expect(nextIntake(['December', 'Someday'], '2026-11-26')).toBe('2026-12-01');
    expect(nextDateOf(entities.consultancy, { name: 'X' }, '2026-11-26')).toBeNull();
  });
});
