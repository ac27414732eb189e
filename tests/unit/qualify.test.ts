import { describe, expect, it } from 'vitest';
import { nebGradePoint, qualify, verdictText, type Profile, type Requirements } from '../../src/lib/shared/qualify.ts';
import { profileOfParams } from '../../src/lib/contract/qualifying.ts';
import { paramsOfProfile } from '../../src/lib/shared/qualifying-params.ts';

const master: Requirements = {
  ielts_overall: 6.5,
  ielts_band_min: 6,
  pte_overall: 58,
  pte_min: 50,
  grade_of: 'bachelor',
  grade_min: 2.8,
  grade_scale: 'gpa4',
  study_gap_max_years: 5,
  funds_to_show: 60_000,
  funds_npr: 5_280_000,
};
const ready: Profile = {
  ielts: { overall: 7, lowest: 6.5 },
  bachelor: { value: 3.1, scale: 'gpa4' },
  study_gap_years: 2,
  funds_npr: 6_000_000,
};
const says = (req: Requirements, profile: Profile) => verdictText(qualify(req, profile));

describe('qualification rules', () => {
  it('says nothing is on record for a course without requirements, whatever the profile', () => {
    expect(qualify({ grade_of: '', grade_scale: '' }, ready).status).toBe('none');
    expect(says({}, {})).toBe('Requirements not on record');
  });

  it('meets when every stated requirement is met', () => {
    expect(says(master, ready)).toBe('You meet the requirements on record');
  });

  it('lists every miss, each with the score and what is needed', () => {
    const v = qualify(master, { ...ready, ielts: { overall: 6, lowest: 5.5 }, study_gap_years: 6, funds_npr: 4_000_000 });
    expect(v.status).toBe('misses');
    expect(v.misses).toEqual([
      'IELTS 6.0, needs 6.5',
      'IELTS lowest band 5.5, needs 6.0',
      'Study gap 6 years, accepted up to 5 years',
      'Funds NPR 4,000,000, needs about NPR 5,280,000',
    ]);
    expect(verdictText(v)).toBe(
      'Misses: IELTS 6.0, needs 6.5; IELTS lowest band 5.5, needs 6.0; Study gap 6 years, accepted up to 5 years; Funds NPR 4,000,000, needs about NPR 5,280,000',
    );
  });

  it('takes any one English test that meets its minimums', () => {
    expect(qualify(master, { ...ready, ielts: { overall: 6, lowest: 6 }, pte: { overall: 60, lowest: 52 } }).status).toBe('meets');
    // a test the course does not state does not count
    expect(qualify(master, { ...ready, ielts: null, toefl: { overall: 110, lowest: 28 } }).toCheck).toEqual([
      'Add your IELTS or PTE score to check',
    ]);
  });

  it('asks for what the student has not given, and never calls it a miss', () => {
    const v = qualify(master, {});
    expect(v.status).toBe('unknown');
    expect(v.misses).toEqual([]);
    expect(v.toCheck).toEqual([
      'Add your IELTS or PTE score to check',
      'Add your bachelor’s grade to check',
      'Add your study gap to check',
      'Add your funds to check',
    ]);
    expect(qualify(master, { ...ready, ielts: { overall: 7 } }).toCheck).toEqual(['Add your IELTS lowest band to check']);
  });

  it('does not count a requirement the course leaves empty against the student', () => {
    expect(qualify({ ielts_overall: 6 }, { ielts: { overall: 6 } }).status).toBe('meets');
    expect(qualify({ study_gap_max_years: 2 }, { study_gap_years: 2 }).status).toBe('meets');
  });

  it('compares grades on the same scale, and a +2 percentage with a GPA only by NEB’s table', () => {
    const plusTwo = { grade_of: 'plus_two', grade_min: 2.6, grade_scale: 'gpa4' };
    expect(qualify(plusTwo, { plus_two: { value: 2.6, scale: 'gpa4' } }).status).toBe('meets');
    expect(qualify(plusTwo, { plus_two: { value: 2.4, scale: 'gpa4' } }).misses).toEqual(['+2 grade GPA 2.40, needs GPA 2.60']);
    // 65% is B (2.8) in NEB's letter grading: meets 2.6; 55% is C+ (2.4): misses
    expect(qualify(plusTwo, { plus_two: { value: 65, scale: 'percent' } }).status).toBe('meets');
    expect(qualify(plusTwo, { plus_two: { value: 55, scale: 'percent' } }).misses).toEqual([
      '+2 grade 55% (GPA 2.4 by NEB’s table), needs GPA 2.60',
    ]);
    // below NEB's agreed bands, and a GPA against a percentage: no stated rule, so no verdict
    expect(qualify(plusTwo, { plus_two: { value: 35, scale: 'percent' } }).status).toBe('unknown');
    const percent = { grade_of: 'bachelor', grade_min: 55, grade_scale: 'percent' };
    expect(qualify(percent, { bachelor: { value: 60, scale: 'percent' } }).status).toBe('meets');
    expect(qualify(percent, { bachelor: { value: 3.2, scale: 'gpa4' } }).toCheck).toEqual([
      'Your bachelor’s grade (GPA 3.20) cannot be compared with 55%: no stated rule converts it',
    ]);
    // a bachelor's percentage against a GPA: universities differ, so no conversion either
    expect(qualify({ ...percent, grade_min: 2.8, grade_scale: 'gpa4' }, { bachelor: { value: 70, scale: 'percent' } }).status).toBe(
      'unknown',
    );
  });

  it('reads NEB’s bands', () => {
    expect([95, 90, 89.9, 80, 72, 60, 50, 40, 39].map(nebGradePoint)).toEqual([4, 4, 3.6, 3.6, 3.2, 2.8, 2.4, 2, null]);
  });

  it('compares funds in rupees, and says so when the currency has no rate', () => {
    expect(qualify({ funds_to_show: 40_000, funds_npr: null }, { funds_npr: 9_000_000 }).toCheck).toEqual([
      'The funds to show cannot be compared: no exchange rate for their currency',
    ]);
    expect(qualify({ funds_to_show: 40_000, funds_npr: 3_500_000 }, { funds_npr: 3_500_000 }).status).toBe('meets');
  });
});

describe("the finder's query parameters of a profile", () => {
  it('carry every part of a profile there and back, and nothing when it is empty', () => {
    const profile: Profile = {
      ielts: { overall: 7, lowest: 6.5 },
      pte: { overall: 60, lowest: null },
      plus_two: { value: 72, scale: 'percent' },
      bachelor: { value: 3.1, scale: 'gpa4' },
      study_gap_years: 1.5,
      funds_npr: 5_000_000,
    };
    const params = paramsOfProfile(profile);
    expect(params).toEqual({
      meets_ielts: '7',
      meets_ielts_lowest: '6.5',
      meets_pte: '60',
      meets_plus_two_percent: '72',
      meets_bachelor_gpa4: '3.1',
      meets_study_gap_years: '1.5',
      meets_funds_npr: '5000000',
    });
    expect(profileOfParams(params)).toEqual(profile);
    expect(paramsOfProfile({})).toEqual({});
    expect(profileOfParams({ page: 2 })).toBeNull();
  });
});
