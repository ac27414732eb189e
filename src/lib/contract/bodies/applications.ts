import { z } from 'zod';
import { ANSWERS, DECISIONS, STAGES } from '../applications.ts';
import { email, honeypot, id, optionalId, phone, plainText } from '../values.ts';

/** Request bodies of the application form, the applicant's changes and withdrawal, and a consultancy's status moves. */

const applicant = {
  full_name: plainText(200, 2),
  email,
  phone,
  address: plainText(300),
  destination: optionalId,
  course: optionalId,
  university: optionalId,
  preferred_intake: plainText(60),
  education_level: plainText(120),
  message: plainText(5000),
};

export const submission = z.strictObject({
  consultancy: id,
  full_name: applicant.full_name,
  email: applicant.email,
  phone: applicant.phone,
  address: applicant.address.default(''),
  destination: applicant.destination.default(null),
  course: applicant.course.default(null),
  university: applicant.university.default(null),
  preferred_intake: applicant.preferred_intake.default(''),
  education_level: applicant.education_level.default(''),
  message: applicant.message.default(''),
  ...honeypot,
});
export const changes = z.strictObject(applicant).partial();
export const withdrawal = z.strictObject({
  withdraw: z.preprocess((v) => (v === 'true' ? true : v), z.literal(true, { error: 'Send true to withdraw the application' })),
  reason: plainText(500).default(''),
});
export const statusChange = z.strictObject({
  status: z.enum(STAGES, { error: `Must be one of ${STAGES.join(', ')}` }),
  note: plainText(2000).default(''),
});

/** The student's answer to a decision the consultancy claims (the offer, the visa): right, or not right and why. */
export const confirmation = z.strictObject({
  decision: z.enum(Object.keys(DECISIONS) as ['offer', 'visa'], { error: 'Must be offer or visa' }),
  answer: z.enum(ANSWERS, { error: `Must be one of ${ANSWERS.join(', ')}` }),
  note: plainText(1000).default(''),
});

/** The tracking page's choice: messages about the application, or none. */
export const applicantNotices = z.strictObject({ notify_applicant: z.boolean({ error: 'Must be true or false' }) });

/** The student's erasure request: an explicit yes, so a stray request erases nothing. */
export const erasureRequest = z.strictObject({ confirm: z.literal(true, { error: 'Confirm the erasure with true' }) });
