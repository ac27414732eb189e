import { defineEntity } from '../entity.ts';

/** Where sessions are held in Nepal; an online test is taken at home. */
export const TEST_CITIES = ['Kathmandu', 'Lalitpur', 'Pokhara', 'Chitwan', 'Butwal', 'Biratnagar', 'Dharan', 'Online (at home)'] as const;
export const TEST_FORMATS = ['paper', 'computer', 'online'] as const;

/**
 * A sitting of an English test in Nepal (issue 27): listed on its exam's page, upcoming only, by city
 * and month. Sessions whose day has passed in Nepal drop off by themselves: the API's `upcoming`
 * filter compares with today at read time (server/entities/registry.ts), not the build.
 */
export const testSession = defineEntity({
  name: 'testSession',
  path: 'test-session',
  table: 'test_sessions',
  slug: false,
  label: 'Test session',
  plural: 'Test sessions',
  console: { group: 'Directory', order: 11 },
  titleField: 'city',
  fields: {
    exam_id: { kind: 'ref', ref: 'exam', label: 'Exam', required: true, column: true, onDelete: 'cascade' },
    date: { kind: 'date', label: 'Date', required: true, column: true },
    city: { kind: 'select', label: 'City', options: TEST_CITIES, max: 40, required: true, column: true },
    format: {
      kind: 'select',
      label: 'Format',
      options: TEST_FORMATS,
      required: true,
      column: true,
      optionLabels: { paper: 'On paper', computer: 'On computer', online: 'Online' },
    },
    fee_npr: { kind: 'number', label: 'Fee in NPR', max: 10_000_000 },
    registration_deadline: { kind: 'date', label: 'Register by' },
    link: { kind: 'url', label: 'Booking link' },
  },
  filters: {
    exam: { label: 'Exam', kind: 'ref', ref: 'exam', column: 'exam_id' },
    city: { label: 'City', kind: 'select', options: TEST_CITIES, column: 'city' },
    upcoming: { label: 'Upcoming only', kind: 'flag', initially: true },
  },
  confirmed: ['date', 'format', 'fee_npr', 'registration_deadline'],
  ordering: ['date', 'id'],
  orderable: ['city', 'format'],
  ends: { field: 'date', badge: 'Past', note: 'This session has passed.' },
  check: (record: Record<string, unknown>) =>
    typeof record.registration_deadline === 'string' && typeof record.date === 'string' && record.registration_deadline > record.date
      ? { registration_deadline: ['Registration cannot close after the test day.'] }
      : null,
});
