import type { CourseLevel } from '../generators.ts';

/**
 * Demo entry requirements in the style universities publish (issue 27): the English scores of a
 * level, the +2 or bachelor's grade, the study gap and the funds a student visa asks to show. Every
 * fourth course has none, so pages show "Requirements not on record".
 */

/** The living costs a destination's student visa asks to show for a year, in its currency (the destinations' own figures). */
const VISA_LIVING_COST: Record<string, number> = {
  Australia: 29_710,
  'United Kingdom': 10_224, // GBP 1,136 a month outside London, for nine months
  Canada: 20_635,
  'New Zealand': 20_000,
  Germany: 11_904,
  Ireland: 10_000,
};

const ENGLISH = {
  postgraduate: { ielts_overall: 6.5, ielts_band_min: 6, pte_overall: 58, pte_min: 50, toefl_overall: 79, toefl_min: 20, duolingo_overall: 115 },
  undergraduate: { ielts_overall: 6, ielts_band_min: 5.5, pte_overall: 50, pte_min: 42, toefl_overall: 64, toefl_min: 16, duolingo_overall: 100 },
} as const;

export function demoRequirements(index: number, level: CourseLevel, destination: string, fee: number | null) {
  if (index % 4 === 3) return {};
  const postgraduate = level === 'master' || level === 'phd';
  // the same as the course's requirements in words (steps/universities.ts)
  const english = postgraduate ? ENGLISH.postgraduate : ENGLISH.undergraduate;
  const grade = postgraduate
    ? index % 2 === 0
      ? { grade_of: 'bachelor', grade_min: 55, grade_scale: 'percent' }
      : { grade_of: 'bachelor', grade_min: 2.8, grade_scale: 'gpa4' }
    : { grade_of: 'plus_two', grade_min: 2.6, grade_scale: 'gpa4' };
  const living = VISA_LIVING_COST[destination];
  return {
    ...english,
    ...grade,
    study_gap_max_years: postgraduate ? 5 : 2,
    ...(living && fee ? { funds_to_show: fee + living } : {}),
  };
}
