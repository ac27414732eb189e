import { z } from 'zod';

/** A student's profile for "Do I qualify?" (src/lib/shared/qualify.ts Profile), checked the same on the device and the server. */

const num = (min: number, max: number, step?: number) => {
  const n = z.number({ error: 'Must be a number' }).min(min, `At least ${min}`).max(max, `At most ${max}`);
  return step ? n.refine((v) => Number.isInteger(Math.round((v / step) * 1e6) / 1e6), `In steps of ${step}`) : n;
};
const score = (min: number, max: number, lowestMax: number, step?: number) =>
  z
    .strictObject({
      overall: num(min, max, step),
      lowest: num(min === 10 ? 10 : 0, lowestMax, step)
        .nullable()
        .optional(),
    })
    .nullable()
    .optional();
const grade = z
  .strictObject({ value: num(0, 100), scale: z.enum(['gpa4', 'percent']) })
  .refine((g) => g.scale !== 'gpa4' || g.value <= 4, { message: 'A GPA is out of 4', path: ['value'] })
  .nullable()
  .optional();

export const studentProfile = z.strictObject({
  ielts: score(0, 9, 9, 0.5),
  pte: score(10, 90, 90),
  toefl: score(0, 120, 30),
  duolingo: score(10, 160, 160),
  plus_two: grade,
  bachelor: grade,
  study_gap_years: num(0, 30).nullable().optional(),
  funds_npr: num(0, 10_000_000_000).nullable().optional(),
});
export type StudentProfile = z.infer<typeof studentProfile>;

/** The account's profile and when it was last changed (null: never saved). */
export const profileAnswer = z.object({ profile: studentProfile, updated_at: z.string().nullable() });
