import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/api/client.ts';
import { requireDashboard, requireToken } from '../../src/lib/forms/guards.ts';
import { nextStages, stageMove } from '../../src/lib/forms/applications.ts';

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

describe('application stage moves', () => {
  it('offers only the allowed next stages', () => {
    expect(nextStages('visa_lodged')).toEqual(['visa_granted', 'visa_refused', 'withdrawn', 'closed']);
    expect(nextStages('withdrawn')).toEqual([]);
    expect(nextStages('nope')).toEqual([]);
  });
  it('refuses a move that skips ahead and trims the note', () => {
    expect(() => stageMove('submitted', 'visa_granted', '')).toThrow(/cannot move/);
    expect(() => stageMove('submitted', 'nope', '')).toThrow('Choose a stage');
    expect(stageMove('submitted', 'counselling', '  We are checking your papers. ')).toEqual({
      status: 'counselling',
      note: 'We are checking your papers.',
    });
  });
});
