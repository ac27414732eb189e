import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  daySlots,
  freeSlots,
  isOfferedSlot,
  kathmanduDate,
  kathmanduTime,
  rangesProblem,
  type WeeklyHours,
} from '../../src/lib/shared/slots.ts';
import { invitation } from '../../server/services/ics.ts';
import { foldLine } from '../../src/lib/shared/ics.ts';

const closed: WeeklyHours = [[], [], [], [], [], [], []];
/** Sunday to Friday 10:00-13:00 and 14:00-16:00; Saturday closed (Nepal's weekend) */
const week: WeeklyHours = closed.map((_, d) =>
  d === 6
    ? []
    : [
        { opens: '10:00', closes: '13:00' },
        { opens: '14:00', closes: '16:00' },
      ],
);

describe('counselling slots in Kathmandu time (UTC+05:45)', () => {
  it('cuts each range into whole slots, in UTC with the 45-minute offset', () => {
    // 2026-11-27 is a Friday
    const slots = daySlots(week, 30, '2026-11-27');
    expect(slots).toHaveLength(6 + 4);
    expect(slots[0]).toEqual({ starts_at: '2026-11-27T04:15:00.000Z', ends_at: '2026-11-27T04:45:00.000Z' });
    expect(slots.at(-1)).toEqual({ starts_at: '2026-11-27T09:45:00.000Z', ends_at: '2026-11-27T10:15:00.000Z' });
    expect(slots.map((s) => kathmanduTime(s.starts_at)).slice(5, 7)).toEqual(['12:30', '14:00']);
  });

  it('leaves out a last piece shorter than a slot', () => {
    expect(daySlots(week, 45, '2026-11-27').map((s) => kathmanduTime(s.starts_at))).toEqual([
      '10:00',
      '10:45',
      '11:30',
      '12:15',
      '14:00',
      '14:45',
    ]);
  });

  it('takes the weekday of the Kathmandu date, not of UTC: 00:30 in Kathmandu is the evening before in UTC', () => {
    const early: WeeklyHours = closed.map((_, d) => (d === 5 ? [{ opens: '00:30', closes: '01:00' }] : []));
    expect(daySlots(early, 30, '2026-11-27')).toEqual([{ starts_at: '2026-11-26T18:45:00.000Z', ends_at: '2026-11-26T19:15:00.000Z' }]);
    expect(kathmanduDate(new Date('2026-11-26T18:15:00Z'))).toBe('2026-11-27');
    expect(kathmanduDate(new Date('2026-11-26T18:14:59Z'))).toBe('2026-11-26');
  });

  it('offers today and the next 6 days, nothing in the past or within an hour, nothing taken', () => {
    // Friday 11:50 in Kathmandu
    const now = new Date('2026-11-27T06:05:00Z');
    const taken = new Set([Date.parse('2026-11-27T08:15:00Z')]);
    const days = freeSlots(week, 30, now, taken);
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
    // 12:50 is the earliest start: 13:00 would be, but the range closes; 14:00 is taken
    expect(days[0]!.slots.map((s) => kathmanduTime(s.starts_at))).toEqual(['14:30', '15:00', '15:30']);
    expect(days[1]!.slots).toEqual([]);
    expect(days[2]!.slots).toHaveLength(10);
    expect(isOfferedSlot(week, 30, now, new Date('2026-11-27T08:15:00Z'))).toBe(true);
    expect(isOfferedSlot(week, 30, now, new Date('2026-11-27T06:45:00Z'))).toBe(false);
    expect(isOfferedSlot(week, 30, now, new Date('2026-11-27T08:20:00Z'))).toBe(false);
    expect(isOfferedSlot(week, 30, now, new Date('2026-12-04T04:15:00Z'))).toBe(false);
  });

  it('refuses ranges that end before they open or overlap', () => {
    expect(rangesProblem([{ opens: '10:00', closes: '09:00' }])).toMatch(/after/);
    expect(
      rangesProblem([
        { opens: '10:00', closes: '12:00' },
        { opens: '11:30', closes: '13:00' },
      ]),
    ).toMatch(/overlap/);
    expect(rangesProblem(week[0]!)).toBeNull();
  });
});

describe('the .ics invitation', () => {
  const ics = invitation({
    uid: 'S-7K3M9Q@counselling.studyabroad',
    method: 'REQUEST',
    sequence: 0,
    startsAt: '2026-11-27T04:15:00.000Z',
    endsAt: '2026-11-27T04:45:00.000Z',
    stamp: new Date('2026-11-26T10:00:00Z'),
    summary: 'Counselling session with Everest Education; Putalisadak, Kathmandu',
    description: 'A long description that runs on well past seventy-five octets, with commas, semicolons; and ञ unicode characters ञञञ.',
    location: 'Putalisadak, Kathmandu',
    organizer: { name: 'Everest Education', email: 'desk@everest.example' },
    attendee: { name: 'Sita Rai', email: 'sita@example.com' },
  });

  it('has CRLF line endings and lines of at most 75 octets', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    const lines = ics.slice(0, -2).split('\r\n');
    expect(lines.every((l) => !l.includes('\n'))).toBe(true);
    expect(Math.max(...lines.map((l) => Buffer.byteLength(l)))).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    expect(foldLine('x'.repeat(200)).split('\r\n ').join('')).toBe('x'.repeat(200));
  });

  it('reads back with ical.js: method, UID, UTC times, text unescaped', () => {
    const cal = new ICAL.Component(ICAL.parse(ics));
    expect(cal.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe('S-7K3M9Q@counselling.studyabroad');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-27T04:15:00.000Z');
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-27T04:45:00.000Z');
    expect(event.summary).toBe('Counselling session with Everest Education; Putalisadak, Kathmandu');
    expect(event.description).toContain('semicolons; and ञ unicode characters ञञञ.');
    expect(event.location).toBe('Putalisadak, Kathmandu');
    expect(event.organizer).toBe('mailto:desk@everest.example');
    expect(cal.getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstamp')).toBeTruthy();
  });
});
