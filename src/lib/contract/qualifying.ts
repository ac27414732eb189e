import { z } from 'zod';
import { ENGLISH_TESTS, GRADE_NAMES, TEST_NAMES, type GradeOf, type GradeScale, type Profile } from '../shared/qualify.ts';
import { FUNDS_PARAM, GAP_PARAM, GRADE_OFS, gradeParam, SCALES, testParam } from '../shared/qualifying-params.ts';
import { studentProfile } from './bodies/profile.ts';

/**
 * "Only courses I qualify for" on the course list (issue 27): the device's profile as query
 * parameters of a public GET, so the count, facets and paging are the server's while the profile
 * itself is stored nowhere but on the device. The list's schema and its OpenAPI description take
 * them from this file; their names and a profile's values are in shared/qualifying-params.ts.
 */

const SCALE_WORDS: Record<GradeScale, string> = { gpa4: 'as a GPA out of 4', percent: 'as a percentage' };

const fact = (name: string, description: string) =>
  [
    name,
    z
      .string()
      .regex(/^\d{1,11}(\.\d{1,2})?$/, `${name} must be a number`)
      .optional()
      .describe(`Only courses whose requirements on record a student with ${description} meets`),
  ] as const;

/** The parameters, each describing what of the profile it carries. */
export const qualifyingParams = Object.fromEntries([
  ...ENGLISH_TESTS.flatMap((t) => [
    fact(testParam(t, false), `this ${TEST_NAMES[t]} overall score`),
    fact(testParam(t, true), `this ${TEST_NAMES[t]} lowest band, section or subscore (with ${testParam(t, false)})`),
  ]),
  ...GRADE_OFS.flatMap((of) => SCALES.map((scale) => fact(gradeParam(of, scale), `this ${GRADE_NAMES[of]} ${SCALE_WORDS[scale]}`))),
  fact(GAP_PARAM, 'a study gap of this many years'),
  fact(FUNDS_PARAM, 'these funds in rupees'),
]);

const numberOf = (query: Record<string, unknown>, name: string) => (typeof query[name] === 'string' ? Number(query[name]) : undefined);

/** The profile a (checked) query carries, or null when it carries none: then the list is not narrowed. */
export function profileOfParams(query: Record<string, unknown>): Profile | null {
  if (!Object.keys(qualifyingParams).some((name) => query[name] !== undefined)) return null;
  const profile: Profile = {};
  for (const t of ENGLISH_TESTS) {
    const overall = numberOf(query, testParam(t, false));
    if (overall !== undefined) profile[t] = { overall, lowest: numberOf(query, testParam(t, true)) ?? null };
  }
  for (const of of GRADE_OFS)
    for (const scale of SCALES) {
      const value = numberOf(query, gradeParam(of, scale));
      if (value !== undefined) profile[of] = { value, scale };
    }
  profile.study_gap_years = numberOf(query, GAP_PARAM) ?? null;
  profile.funds_npr = numberOf(query, FUNDS_PARAM) ?? null;
  return profile;
}

/** The parameter a profile check's issue is about (its path in the profile). */
function paramOfPath(query: Record<string, unknown>, [part, key]: PropertyKey[]): string {
  if (ENGLISH_TESTS.includes(part as never)) return testParam(String(part), key === 'lowest');
  if (GRADE_OFS.includes(part as GradeOf))
    return SCALES.map((s) => gradeParam(part as GradeOf, s)).find((name) => query[name] !== undefined) ?? String(part);
  return part === 'study_gap_years' ? GAP_PARAM : FUNDS_PARAM;
}

/** The checks across parameters: a lowest score with its overall, one scale per grade, and the profile's own scales and steps. */
export function checkQualifyingParams(query: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const t of ENGLISH_TESTS)
    if (query[testParam(t, true)] !== undefined && query[testParam(t, false)] === undefined)
      ctx.addIssue({ code: 'custom', path: [testParam(t, true)], message: `Give ${testParam(t, false)} with it` });
  for (const of of GRADE_OFS)
    if (SCALES.every((s) => query[gradeParam(of, s)] !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: [gradeParam(of, 'percent')],
        message: `Give one of ${SCALES.map((s) => gradeParam(of, s)).join(' or ')}`,
      });
  const profile = profileOfParams(query);
  const checked = profile && studentProfile.safeParse(profile);
  if (checked && !checked.success)
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', path: [paramOfPath(query, issue.path)], message: issue.message });
}
