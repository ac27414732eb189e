/**
 * "Do I qualify?" (issue 27): a course's entry requirements on record against a student's profile.
 * Pure, so the site, the stores and the tests share one reading. A requirement the course does not
 * state is no miss; a score the student has not given is asked for ("Add your IELTS score to check"),
 * never assumed; grades on different scales are compared only through a stated rule.
 */
import { formatNumber } from '../format.ts';

export type EnglishTest = 'ielts' | 'pte' | 'toefl' | 'duolingo';
export type GradeScale = 'gpa4' | 'percent';
export type GradeOf = 'plus_two' | 'bachelor';

/** A course's requirements as its row carries them (empty: not required, or not on record). */
export interface Requirements {
  ielts_overall?: number | null;
  ielts_band_min?: number | null;
  pte_overall?: number | null;
  pte_min?: number | null;
  toefl_overall?: number | null;
  toefl_min?: number | null;
  duolingo_overall?: number | null;
  duolingo_min?: number | null;
  grade_of?: string | null;
  grade_min?: number | null;
  grade_scale?: string | null;
  study_gap_max_years?: number | null;
  /** the funds to show in rupees at the newest rate (null: none stated, or no rate for its currency) */
  funds_npr?: number | null;
  funds_to_show?: number | null;
}

export interface Score {
  overall: number;
  /** the lowest band, section or subscore */
  lowest?: number | null;
}

export interface Grade {
  value: number;
  scale: GradeScale;
}

/** What a student tells us once; every part optional. */
export interface Profile {
  ielts?: Score | null;
  pte?: Score | null;
  toefl?: Score | null;
  duolingo?: Score | null;
  plus_two?: Grade | null;
  bachelor?: Grade | null;
  study_gap_years?: number | null;
  funds_npr?: number | null;
}

export const ENGLISH_TESTS: readonly EnglishTest[] = ['ielts', 'pte', 'toefl', 'duolingo'];

export const TEST_NAMES: Record<EnglishTest, string> = { ielts: 'IELTS', pte: 'PTE', toefl: 'TOEFL iBT', duolingo: 'Duolingo' };
export const GRADE_NAMES: Record<GradeOf, string> = { plus_two: '+2 grade', bachelor: 'bachelor’s grade' };

const OVERALL = { ielts: 'ielts_overall', pte: 'pte_overall', toefl: 'toefl_overall', duolingo: 'duolingo_overall' } as const;
const LOWEST = { ielts: 'ielts_band_min', pte: 'pte_min', toefl: 'toefl_min', duolingo: 'duolingo_min' } as const;
const LOWEST_NAMES: Record<EnglishTest, string> = {
  ielts: 'lowest band',
  pte: 'lowest score',
  toefl: 'lowest section',
  duolingo: 'lowest subscore',
};

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** IELTS bands read with one decimal (6.0), other scores as whole numbers. */
const show = (test: EnglishTest, n: number) => (test === 'ielts' ? n.toFixed(1) : String(n));

/**
 * NEB's letter grading for the +2: the grade point of a percentage of marks. Its bands from 40% up are
 * the same in the 2072 BS and the 2078 BS directives (below 40% they differ), so only they are used.
 * No such national rule exists for a bachelor's degree (each university has its own): none there.
 */
const NEB_GRADE_POINTS: readonly [minPercent: number, gradePoint: number][] = [
  [90, 4.0],
  [80, 3.6],
  [70, 3.2],
  [60, 2.8],
  [50, 2.4],
  [40, 2.0],
];

/** The +2 grade point of a percentage by NEB's table; null below its agreed bands. */
export const nebGradePoint = (percent: number): number | null => NEB_GRADE_POINTS.find(([min]) => percent >= min)?.[1] ?? null;

export interface Verdict {
  /** none: the course has no requirement on record; meets: every stated one is met; misses: at least one is not; unknown: something to add or that cannot be compared */
  status: 'none' | 'meets' | 'misses' | 'unknown';
  /** "IELTS 6.0, needs 6.5", one per miss */
  misses: string[];
  /** "Add your IELTS score to check", "Your +2 grade is a GPA; the course states a percentage: they cannot be compared" */
  toCheck: string[];
}

interface Outcome {
  misses: string[];
  toCheck: string[];
}

/** One test against its stated minimums: the misses, or null when the course states none for it. */
function testMisses(req: Requirements, test: EnglishTest, score: Score): string[] {
  const overall = req[OVERALL[test]];
  const lowest = req[LOWEST[test]];
  const misses: string[] = [];
  if (isNum(overall) && score.overall < overall)
    misses.push(`${TEST_NAMES[test]} ${show(test, score.overall)}, needs ${show(test, overall)}`);
  if (isNum(lowest)) {
    if (!isNum(score.lowest)) misses.push(`Add your ${TEST_NAMES[test]} ${LOWEST_NAMES[test]} to check`);
    else if (score.lowest < lowest)
      misses.push(`${TEST_NAMES[test]} ${LOWEST_NAMES[test]} ${show(test, score.lowest)}, needs ${show(test, lowest)}`);
  }
  return misses;
}

/** Any one of the English tests the course states, meeting its minimums, suffices. */
export function englishOutcome(req: Requirements, profile: Profile): Outcome {
  const stated = ENGLISH_TESTS.filter((t) => isNum(req[OVERALL[t]]) || isNum(req[LOWEST[t]]));
  if (stated.length === 0) return { misses: [], toCheck: [] };
  const taken = stated.filter((t) => profile[t] && isNum(profile[t].overall));
  if (taken.length === 0) return { misses: [], toCheck: [`Add your ${stated.map((t) => TEST_NAMES[t]).join(' or ')} score to check`] };
  const results = taken.map((t) => testMisses(req, t, profile[t]!));
  if (results.some((r) => r.length === 0)) return { misses: [], toCheck: [] };
  const all = results.flat();
  return { misses: all.filter((m) => !m.startsWith('Add ')), toCheck: all.filter((m) => m.startsWith('Add ')) };
}

const showGrade = (g: Grade) => (g.scale === 'gpa4' ? `GPA ${g.value.toFixed(2)}` : `${g.value}%`);

/** The student's grade on the course's scale: as given, by NEB's table (a +2 percentage as a GPA), or null when no rule converts it. */
export function onScale(grade: Grade, of: GradeOf, scale: GradeScale): number | null {
  if (grade.scale === scale) return grade.value;
  if (of === 'plus_two' && grade.scale === 'percent' && scale === 'gpa4') return nebGradePoint(grade.value);
  return null;
}

export function gradeOutcome(req: Requirements, profile: Profile): Outcome {
  const of = req.grade_of as GradeOf;
  const scale = req.grade_scale as GradeScale;
  if (!isNum(req.grade_min) || !(of in GRADE_NAMES) || (scale !== 'gpa4' && scale !== 'percent')) return { misses: [], toCheck: [] };
  const needed: Grade = { value: req.grade_min, scale };
  const grade = profile[of];
  if (!grade || !isNum(grade.value)) return { misses: [], toCheck: [`Add your ${GRADE_NAMES[of]} to check`] };
  const value = onScale(grade, of, scale);
  if (value === null)
    return {
      misses: [],
      toCheck: [`Your ${GRADE_NAMES[of]} (${showGrade(grade)}) cannot be compared with ${showGrade(needed)}: no stated rule converts it`],
    };
  if (value >= needed.value) return { misses: [], toCheck: [] };
  const converted = grade.scale === scale ? '' : ` (GPA ${value.toFixed(1)} by NEB’s table)`;
  return {
    misses: [`${GRADE_NAMES[of][0]!.toUpperCase()}${GRADE_NAMES[of].slice(1)} ${showGrade(grade)}${converted}, needs ${showGrade(needed)}`],
    toCheck: [],
  };
}

export function gapOutcome(req: Requirements, profile: Profile): Outcome {
  if (!isNum(req.study_gap_max_years)) return { misses: [], toCheck: [] };
  if (!isNum(profile.study_gap_years)) return { misses: [], toCheck: ['Add your study gap to check'] };
  if (profile.study_gap_years <= req.study_gap_max_years) return { misses: [], toCheck: [] };
  const years = (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`;
  return { misses: [`Study gap ${years(profile.study_gap_years)}, accepted up to ${years(req.study_gap_max_years)}`], toCheck: [] };
}

const rupees = (n: number) => `NPR ${formatNumber(Math.round(n))}`;

/** Funds compared in rupees at the newest rate; a stated amount with no rate cannot be compared. */
export function fundsOutcome(req: Requirements, profile: Profile): Outcome {
  if (!isNum(req.funds_to_show)) return { misses: [], toCheck: [] };
  if (!isNum(req.funds_npr)) return { misses: [], toCheck: ['The funds to show cannot be compared: no exchange rate for their currency'] };
  if (!isNum(profile.funds_npr)) return { misses: [], toCheck: ['Add your funds to check'] };
  if (profile.funds_npr >= req.funds_npr) return { misses: [], toCheck: [] };
  return { misses: [`Funds ${rupees(profile.funds_npr)}, needs about ${rupees(req.funds_npr)}`], toCheck: [] };
}

/** The values that, when a course states one, make it a course with requirements on record. */
const STATING = [...Object.values(OVERALL), ...Object.values(LOWEST), 'grade_min', 'study_gap_max_years', 'funds_to_show'] as const;

/** Whether the course states any requirement at all. */
export const hasRequirements = (req: Requirements) => STATING.some((k) => isNum(req[k]));

export function qualify(req: Requirements, profile: Profile): Verdict {
  if (!hasRequirements(req)) return { status: 'none', misses: [], toCheck: [] };
  const parts = [englishOutcome, gradeOutcome, gapOutcome, fundsOutcome].map((f) => f(req, profile));
  const misses = parts.flatMap((p) => p.misses);
  const toCheck = parts.flatMap((p) => p.toCheck);
  return { status: misses.length ? 'misses' : toCheck.length ? 'unknown' : 'meets', misses, toCheck };
}

/**
 * "Meets every requirement on record" as a condition on a course's values, for the course finder's
 * "Only courses I qualify for" (the server writes it as SQL: server/entities/qualifying.ts). Built
 * from the tables and conversions qualify() uses, so the two read the rules alike, and tested to
 * agree on the same rows and profiles: a row meets it exactly when qualify() says 'meets'. A course
 * with no requirement on record does not: nothing says the student qualifies for it.
 */
export type RowCondition =
  | { all: RowCondition[] }
  | { any: RowCondition[] }
  | { not: RowCondition }
  /** the course states no value here */
  | { unset: keyof Requirements }
  /** the course's value is stated and at most `value` (a minimum the student's score reaches) */
  | { atMost: keyof Requirements; value: number }
  /** the course's value is stated and at least `value` (the longest study gap accepted) */
  | { atLeast: keyof Requirements; value: number }
  | { is: keyof Requirements; value: string };

const NEVER: RowCondition = { any: [] };
const stated = (k: keyof Requirements): RowCondition => ({ not: { unset: k } });
/** Unset, or stated and reached by the student's value (none given: only unset). */
const unsetOrAtMost = (k: keyof Requirements, value: number | null | undefined): RowCondition =>
  isNum(value) ? { any: [{ unset: k }, { atMost: k, value }] } : { unset: k };

/** englishOutcome's rule: no test stated, or one stated test the student took meets its minimums. */
function englishCondition(profile: Profile): RowCondition {
  const meets = (t: EnglishTest): RowCondition => {
    const score = profile[t];
    if (!score || !isNum(score.overall)) return NEVER;
    return {
      all: [
        { any: [stated(OVERALL[t]), stated(LOWEST[t])] },
        unsetOrAtMost(OVERALL[t], score.overall),
        unsetOrAtMost(LOWEST[t], score.lowest),
      ],
    };
  };
  return { any: [{ all: ENGLISH_TESTS.flatMap((t) => [{ unset: OVERALL[t] }, { unset: LOWEST[t] }]) }, ...ENGLISH_TESTS.map(meets)] };
}

/** gradeOutcome's rule: no usable minimum, or the student's grade on the course's scale reaches it. */
function gradeCondition(profile: Profile): RowCondition {
  const ofs = Object.keys(GRADE_NAMES) as GradeOf[];
  const scales: GradeScale[] = ['gpa4', 'percent'];
  const reached = ofs.flatMap((of) =>
    scales.flatMap((scale): RowCondition[] => {
      const grade = profile[of];
      const value = grade && isNum(grade.value) ? onScale(grade, of, scale) : null;
      return value === null
        ? []
        : [
            {
              all: [
                { is: 'grade_of', value: of },
                { is: 'grade_scale', value: scale },
                { atMost: 'grade_min', value },
              ],
            },
          ];
    }),
  );
  return {
    any: [
      { unset: 'grade_min' },
      { not: { any: ofs.map((of): RowCondition => ({ is: 'grade_of', value: of })) } },
      { not: { any: scales.map((scale): RowCondition => ({ is: 'grade_scale', value: scale })) } },
      ...reached,
    ],
  };
}

export function meetsCondition(profile: Profile): RowCondition {
  const gap = profile.study_gap_years;
  return {
    all: [
      { any: STATING.map(stated) },
      englishCondition(profile),
      gradeCondition(profile),
      { any: [{ unset: 'study_gap_max_years' }, isNum(gap) ? { atLeast: 'study_gap_max_years', value: gap } : NEVER] },
      // fundsOutcome: funds stated with no rate for their currency cannot be compared
      { any: [{ unset: 'funds_to_show' }, isNum(profile.funds_npr) ? { atMost: 'funds_npr', value: profile.funds_npr } : NEVER] },
    ],
  };
}

/** What a card or a page says: the verdict in one sentence. */
export function verdictText(v: Verdict): string {
  if (v.status === 'none') return 'Requirements not on record';
  if (v.status === 'meets') return 'You meet the requirements on record';
  if (v.status === 'misses') return `Misses: ${v.misses.join('; ')}`;
  return v.toCheck.join('; ');
}

/** Whether a profile says anything at all (no profile: cards say nothing of qualifying). */
export const hasProfile = (p: Profile) => Object.values(p).some((v) => v !== null && v !== undefined);

/** The fields of a row stating its requirements (a declaration with `entryRequirements` has them), and the funds in rupees. */
export const REQUIREMENT_FIELDS = [
  'ielts_overall',
  'ielts_band_min',
  'pte_overall',
  'pte_min',
  'toefl_overall',
  'toefl_min',
  'duolingo_overall',
  'duolingo_min',
  'grade_of',
  'grade_min',
  'grade_scale',
  'study_gap_max_years',
  'funds_to_show',
] as const satisfies readonly (keyof Requirements)[];

/** A row's requirements, only those it states (what a card carries for the browser to judge). */
export function requirementsOf(row: Record<string, unknown>): Requirements {
  const out: Record<string, unknown> = {};
  for (const k of [...REQUIREMENT_FIELDS, 'funds_npr'] as const)
    if (row[k] !== null && row[k] !== undefined && row[k] !== '') out[k] = row[k];
  return out as Requirements;
}

const GRADE_STUDIES: Record<GradeOf, string> = { plus_two: '+2 (NEB)', bachelor: 'Bachelor’s degree' };

/** The requirements in words, one line each; `money` says an amount in the row's currency (with rupees where the page has rates). */
export function requirementLines(req: Requirements, money: (amount: number) => string): string[] {
  const lines = ENGLISH_TESTS.flatMap((t) => {
    const overall = req[OVERALL[t]];
    const lowest = req[LOWEST[t]];
    if (!isNum(overall) && !isNum(lowest)) return [];
    const parts = [isNum(overall) ? `${show(t, overall)} overall` : '', isNum(lowest) ? `${LOWEST_NAMES[t]} ${show(t, lowest)}` : ''];
    return [`${TEST_NAMES[t]}: ${parts.filter(Boolean).join(', ')}`];
  });
  const of = req.grade_of as GradeOf;
  if (isNum(req.grade_min) && of in GRADE_STUDIES && (req.grade_scale === 'gpa4' || req.grade_scale === 'percent'))
    lines.push(
      `${GRADE_STUDIES[of]}: at least ${req.grade_scale === 'gpa4' ? `GPA ${req.grade_min.toFixed(2)} out of 4` : `${req.grade_min}%`}`,
    );
  if (isNum(req.study_gap_max_years))
    lines.push(`Study gap: up to ${req.study_gap_max_years} ${req.study_gap_max_years === 1 ? 'year' : 'years'}`);
  if (isNum(req.funds_to_show)) lines.push(`Funds to show: ${money(req.funds_to_show)}`);
  return lines;
}
