import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/api/client.ts';
import { requireDashboard, requireToken } from '../../src/lib/forms/guards.ts';
import { nextStatuses, statusMove } from '../../src/lib/forms/applications.ts';

const store = (items: Record<string, string>) => ({ getItem: (k: string) => items[k] ?? null });

describe('SPEC §5: dashboard calls are refused before sending', () => {
  it("'User not logged in' without a stored access token", () => {
    expect(() => requireToken(store({}))).toThrow('User not logged in');
    expect(() => requireToken(null)).toThrow('User not logged in');
    for (const kind of ['consultancy', 'college', 'university'] as const) {
      expect(() => requireDashboard(kind, store({ consultancyId: '1', collegeId: '1', universityId: '1' }))).toThrow('User not logged in');
    }
  });
  it.each([
    ['consultancy', 'Consultancy ID is missing. Please log in again.'],
    ['college', 'College ID is missing. Please log in again.'],
    ['university', 'University ID is missing. Please log in again.'],
  ] as const)('%s: the id wording', (kind, message) => {
    try {
      requireDashboard(kind, store({ access: 't' }));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).message).toBe(message);
      expect((e as ApiError).status).toBe(0);
    }
    expect(() => requireDashboard(kind, store({ access: 't', [`${kind}Id`]: 'null' }))).toThrow(message);
  });
  it('passes with both', () => {
    expect(requireDashboard('college', store({ access: 't', collegeId: '9' }))).toEqual({ token: 't', id: '9' });
  });
});

describe('application status moves', () => {
  it('offers only the next statuses', () => {
    expect(nextStatuses('submitted')).toEqual(['in_review']);
    expect(nextStatuses('visa_lodged')).toEqual(['visa_granted', 'visa_refused']);
    expect(nextStatuses('withdrawn')).toEqual([]);
    expect(nextStatuses('visa_granted')).toEqual([]);
  });
  it('refuses a move that skips ahead and trims the note', () => {
    expect(() => statusMove('submitted', 'visa_granted', '')).toThrow(/cannot move/);
    expect(() => statusMove('submitted', 'nope', '')).toThrow('Choose a status');
    expect(statusMove('submitted', 'in_review', '  We are checking your papers. ')).toEqual({
      status: 'in_review',
      note: 'We are checking your papers.',
    });
  });
});
