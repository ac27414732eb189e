import type { CourseLevel } from '../generators.ts';

/**
 * Demo entry requirements in the style universities publish (issue 27): the English scores of a
 * level, the +2 or bachelor's grade, the study gap and the funds a student visa asks to show, and the
 * same in words, so a page never states in words what its "Do I qualify?" calls not on record. Every
 * fourth course has none, so pages show "Requirements not on record", and its words say so.
 */
export const NOT_PUBLISHED = 'The university has not published entry requirements for this course; ask its admissions office.';

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
  if (index % 4 === 3) return { requirements: NOT_PUBLISHED };
  const postgraduate = level === 'master' || level === 'phd';
  const english = postgraduate ? ENGLISH.postgraduate : ENGLISH.undergraduate;
  const grade = postgraduate
    ? index % 2 === 0
      ? { grade_of: 'bachelor', grade_min: 55, grade_scale: 'percent' }
      : { grade_of: 'bachelor', grade_min: 2.8, grade_scale: 'gpa4' }
    : { grade_of: 'plus_two', grade_min: 2.6, grade_scale: 'gpa4' };
  const living = VISA_LIVING_COST[destination];
  return {
    requirements: inWords(english, grade),
    ...english,
    ...grade,
    study_gap_max_years: postgraduate ? 5 : 2,
    ...(living && fee ? { funds_to_show: fee + living } : {}),
  };
}

function inWords(english: (typeof ENGLISH)[keyof typeof ENGLISH], grade: { grade_of: string; grade_min: number; grade_scale: string }) {
  const schooling = grade.grade_of === 'bachelor' ? 'A recognised bachelor degree' : 'NEB +2';
  const mark = grade.grade_scale === 'percent' ? `${grade.grade_min}%` : `${grade.grade_min.toFixed(1)} GPA`;
  return `${schooling} with at least ${mark}; IELTS ${english.ielts_overall.toFixed(1)} (no band below ${english.ielts_band_min.toFixed(1)}).`;
}
