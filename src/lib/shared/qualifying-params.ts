import { ENGLISH_TESTS, GRADE_NAMES, type GradeOf, type GradeScale, type Profile } from './qualify.ts';

/**
 * The names of "Only courses I qualify for"'s query parameters and a profile's values in them:
 * apart from their schema (contract/qualifying.ts), so the course list's island sends them without
 * loading zod.
 */

export const GRADE_OFS = Object.keys(GRADE_NAMES) as GradeOf[];
export const SCALES: readonly GradeScale[] = ['gpa4', 'percent'];

export const testParam = (test: string, lowest: boolean) => `meets_${test}${lowest ? '_lowest' : ''}`;
export const gradeParam = (of: GradeOf, scale: GradeScale) => `meets_${of}_${scale}`;
export const GAP_PARAM = 'meets_study_gap_years';
export const FUNDS_PARAM = 'meets_funds_npr';

const given = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The parameters of a profile: only what it states. */
export function paramsOfProfile(profile: Profile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of ENGLISH_TESTS) {
    const score = profile[t];
    if (!score || !given(score.overall)) continue;
    out[testParam(t, false)] = String(score.overall);
    if (given(score.lowest)) out[testParam(t, true)] = String(score.lowest);
  }
  for (const of of GRADE_OFS) {
    const grade = profile[of];
    if (grade && given(grade.value)) out[gradeParam(of, grade.scale)] = String(grade.value);
  }
  if (given(profile.study_gap_years)) out[GAP_PARAM] = String(profile.study_gap_years);
  if (given(profile.funds_npr)) out[FUNDS_PARAM] = String(profile.funds_npr);
  return out;
}
