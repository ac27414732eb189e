import { z } from 'zod';
import { page } from './responses.ts';
import { plainText } from './values.ts';

/**
 * An application as a case both sides share (issue 26): the message thread between the student
 * (by tracking code) and the consultancy, the payments the consultancy took, and its written agreement.
 */

/** Who wrote a message: the student holding the code, or an account of the consultancy. */
export const MESSAGE_AUTHORS = ['applicant', 'consultancy'] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

/** Messages the student side may send per application in a day, and one client address in a day, whatever the application. */
export const STUDENT_MESSAGES_PER_DAY = 30;
export const MESSAGES_PER_ADDRESS_PER_DAY = 60;
/** Messages one consultancy account may send in a day, over all its applications. */
export const STAFF_MESSAGES_PER_DAY = 300;
export const MAX_MESSAGE_ATTACHMENTS = 5;

/** A payment as the student answered it: not yet, confirmed, or disputed with a reason. */
export const PAYMENT_STATES = ['recorded', 'confirmed', 'disputed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  recorded: 'Not confirmed yet',
  confirmed: 'Confirmed by the student',
  disputed: 'Disputed by the student',
};

// request bodies

export const messageBody = z.strictObject({ body: plainText(5000, 1) });

const rupees = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: 'Must be a whole number of rupees' })
    .int('Must be a whole number of rupees')
    .min(1, 'Must be at least NPR 1')
    .max(100_000_000, 'Must be at most NPR 100,000,000'),
);

export const paymentRecord = z.strictObject({
  purpose: plainText(200, 2),
  amount_npr: rupees,
  receipt_number: plainText(60).default(''),
  paid_on: z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' }),
});
/** A receipt given after the payment was recorded: the only change a recorded payment takes. */
export const receiptGiven = z.strictObject({ receipt_number: plainText(60, 1) });
export const paymentDispute = z.strictObject({ reason: plainText(2000, 5) });

// answers

const int = z.number().int();
const timestamp = z.string().describe('timestamp with time zone');
const file = z.object({ id: int, original_name: z.string(), mime: z.string(), size: int, url: z.string().describe('Download route') });

export const caseMessage = z.object({
  id: int,
  author: z.enum(MESSAGE_AUTHORS),
  /** the staff member's name (or the consultancy's), or the student's (masked on the tracking page) */
  author_name: z.string(),
  body: z.string(),
  attachments: z.array(file),
  created_at: timestamp,
});
export const caseMessages = z.object({ results: z.array(caseMessage) });

export const payment = z.object({
  id: int,
  purpose: z.string(),
  amount_npr: int,
  receipt_number: z.string(),
  receipt_missing: z.boolean(),
  paid_on: z.iso.date(),
  state: z.enum(PAYMENT_STATES),
  state_label: z.string(),
  dispute_reason: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export const agreement = z.object({
  original_name: z.string(),
  size: int,
  uploaded_at: timestamp,
  url: z.string().describe('Download route'),
});
export const casePayments = z.object({
  results: z.array(payment),
  total_npr: int,
  agreement: agreement.nullable(),
});
export const flaggedPayment = payment.extend({
  application_id: int,
  tracking_code: z.string(),
  consultancy_id: int,
  consultancy_name: z.string(),
  full_name: z.string(),
});
export const flaggedPayments = page(flaggedPayment);
export type CaseMessage = z.infer<typeof caseMessage>;
export type Payment = z.infer<typeof payment>;
export type CasePayments = z.infer<typeof casePayments>;
export type FlaggedPayment = z.infer<typeof flaggedPayment>;
