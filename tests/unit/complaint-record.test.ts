import { describe, expect, it } from 'vitest';
import { authorLabel, deadlineText, durationText, recordLines, RECORD_NOTE } from '../../src/lib/shared/complaint-record.ts';

const record = (r: Partial<Parameters<typeof recordLines>[0] & object> = {}) => ({
  consultancy_id: 1,
  received: 4,
  due: 4,
  answered_in_time: 3,
  resolved: 2,
  median_answer_hours: 30,
  ...r,
});

describe('a consultancy complaint record in words', () => {
  it('says plainly when there were none', () => {
    expect(recordLines(null)).toEqual(['No complaints in the last 12 months.']);
    expect(recordLines(record({ received: 0, due: 0, answered_in_time: 0, resolved: 0, median_answer_hours: null }))).toEqual([
      'No complaints in the last 12 months.',
    ]);
  });

  it('states each figure as a sentence', () => {
    expect(recordLines(record())).toEqual([
      '4 complaints in the last 12 months.',
      'Answered 3 of 4 within 7 days.',
      'Resolved 2 of 4.',
      'Median time to a first answer: 30 hours.',
    ]);
  });

  it('keeps complaints that still have time out of the answered share, and says so', () => {
    expect(recordLines(record({ received: 5, due: 3, answered_in_time: 2, median_answer_hours: 72 }))).toEqual([
      '5 complaints in the last 12 months.',
      'Answered 2 of 3 within 7 days.',
      '2 are still within their 7 days to answer.',
      'Resolved 2 of 5.',
      'Median time to a first answer: 3 days.',
    ]);
    expect(recordLines(record({ received: 1, due: 0, answered_in_time: 0, resolved: 0, median_answer_hours: null }))).toEqual([
      '1 complaint in the last 12 months.',
      '1 is still within its 7 days to answer.',
      'Resolved 0 of 1.',
      'No answer yet.',
    ]);
    expect(RECORD_NOTE).toBe('Complaints an admin rejected as invalid are not counted.');
  });

  it('writes durations as people say them', () => {
    expect([0, 0.4, 1, 1.4, 47, 48, 60, 200].map(durationText)).toEqual([
      'under an hour',
      'under an hour',
      '1 hour',
      '1 hour',
      '47 hours',
      '2 days',
      '3 days',
      '8 days',
    ]);
  });

  it('names the author of a history entry as the reader knows them, and where a complaint stands', () => {
    expect(authorLabel('complainant', { reader: 'complainant', consultancy: 'Everest' })).toBe('You');
    expect(authorLabel('consultancy', { reader: 'complainant', consultancy: 'Everest' })).toBe('Everest');
    expect(authorLabel('complainant', { reader: 'consultancy' })).toBe('The complainant');
    expect(authorLabel('admin', { reader: 'consultancy' })).toBe('StudyAbroad Nepal team');
    expect(deadlineText({ first_answer_at: '2026-11-20T04:00:00Z', answer_due_at: '2026-11-25T04:00:00Z', overdue: false })).toBe(
      'Answered on 20 Nov 2026',
    );
    expect(deadlineText({ first_answer_at: null, answer_due_at: '2026-11-25T04:00:00Z', overdue: true })).toBe(
      'Overdue: the answer was due by 25 Nov 2026',
    );
    expect(deadlineText({ first_answer_at: null, answer_due_at: '2026-11-25T04:00:00Z', overdue: false })).toBe(
      'Answer due by 25 Nov 2026',
    );
  });
});
