import { z } from 'zod';
import { page } from './responses.ts';
import { ACTOR_ROLES, ANSWERS } from './applications.ts';
import { STAFF_ROLES } from './staff.ts';
import type { BranchKind } from './institutions.ts';

/**
 * The records behind the console's and the tracking pages' screens, as the API answers them:
 * applications, reviews, complaints, inquiries, licences, branches and the outbox's messages.
 */

const int = z.number().int();
const timestamp = z.string().describe('timestamp with time zone');
const day = z.iso.date();
const named = z.object({ id: int, name: z.string(), slug: z.string() });

// applications

const statusEntry = { status: z.string(), note: z.string(), created_at: timestamp };
const movedEntry = { ...statusEntry, actor_role: z.enum(ACTOR_ROLES) };
export const applicationSubmitted = z.object({
  tracking_code: z.string(),
  status: z.string(),
  status_label: z.string(),
  message: z.string(),
});
/** One stage as set, with who set it and the student's answer to a decision it claims. */
const timelineEntry = z.object({
  ...statusEntry,
  status_label: z.string(),
  actor_role: z.enum(ACTOR_ROLES),
  actor_name: z.string().describe('The counsellor who set it; empty for the student and admins'),
  decision: z.enum(['offer', 'visa']).nullable().describe('The decision this stage claims, which the student may confirm'),
  student_answer: z.enum(ANSWERS).nullable().describe("The student's answer; null: the consultancy's claim only"),
  student_note: z.string(),
  answered_at: timestamp.nullable(),
});
/** What the holder of a tracking code sees: the applicant's details masked. */
export const applicationTracking = z.object({
  tracking_code: z.string(),
  status: z.string(),
  status_label: z.string(),
  consultancy: named.nullable(),
  consultancy_name: z.string(),
  applicant: z.object({ full_name: z.string(), email: z.string(), phone: z.string() }),
  destination: z.object({ id: int, name: z.string() }).nullable(),
  course: z.object({ id: int, name: z.string() }).nullable(),
  university: named.nullable(),
  preferred_intake: z.string(),
  education_level: z.string(),
  document_count: int,
  timeline: z.array(timelineEntry),
  editable: z.boolean(),
  withdrawable: z.boolean(),
  notify_applicant: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export const application = z.object({
  id: int,
  tracking_code: z.string(),
  status: z.string(),
  consultancy_id: int,
  consultancy_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  destination_id: int.nullable(),
  destination_name: z.string().nullable(),
  course_id: int.nullable(),
  course_name: z.string().nullable(),
  university_id: int.nullable(),
  university_name: z.string().nullable(),
  preferred_intake: z.string(),
  education_level: z.string(),
  message: z.string(),
  counsellor_id: int.nullable(),
  counsellor_name: z.string().nullable(),
  follow_up_on: day.nullable(),
  last_activity_at: timestamp.describe('the latest of its update, stage changes and notes'),
  created_at: timestamp,
  updated_at: timestamp,
  status_label: z.string(),
  next_statuses: z.array(z.string()),
  documents: z.array(
    z.object({ id: int, original_name: z.string(), mime: z.string(), size: int, url: z.string().describe('Download route') }),
  ),
});
export const applications = page(application);
/** What the student disputes in a case: the latest claim of a decision they said is not right, or a payment. */
export const caseDispute = z.object({
  kind: z.enum(['offer', 'visa', 'payment']),
  what: z.string().describe('The stage claimed, or the payment (amount and what for)'),
  reason: z.string().describe("The student's words"),
  at: timestamp,
});
/** One application as its case page shows it (issue 26): the list's row, the whole timeline and what the student disputes. */
export const applicationCase = application.extend({ timeline: z.array(timelineEntry), disputes: z.array(caseDispute) });
export type ApplicationCase = z.infer<typeof applicationCase>;
/** For admins: a decision the student disputed, with where it was claimed. */
export const disputedDecision = z.object({
  id: int.describe('The stage entry claiming the decision'),
  application_id: int,
  status: z.string(),
  status_label: z.string(),
  decision: z.enum(['offer', 'visa']),
  student_note: z.string(),
  answered_at: timestamp.nullable(),
  claimed_at: timestamp,
  tracking_code: z.string(),
  full_name: z.string(),
  consultancy_id: int,
  consultancy_name: z.string(),
});
export const disputedDecisions = page(disputedDecision);
export type DisputedDecision = z.infer<typeof disputedDecision>;
export const applicationMoved = z.object({
  id: int,
  status: z.string(),
  status_label: z.string(),
  next_statuses: z.array(z.string()),
  entry: z.object(movedEntry),
});

// consultancy staff and case work

export const staffMember = z.object({
  id: int,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  staff_role: z.enum(STAFF_ROLES),
  created_at: timestamp,
});
export const staffInvitation = z.object({ id: int, email: z.string(), expires_at: timestamp, expired: z.boolean() });
/** What the accept page shows: which consultancy invites which address. */
export const invitationPreview = z.object({ email: z.string(), consultancy_name: z.string(), expires_at: timestamp });
export const assigned = z.object({ id: int, counsellor_id: int.nullable() });
export const followUpSet = z.object({ id: int, follow_up_on: day.nullable() });
export const applicationNote = z.object({
  id: int,
  body: z.string(),
  author_id: int.nullable(),
  author_name: z.string().nullable().describe('null once the author account is gone'),
  created_at: timestamp,
});
export const stageCounts = z.object({
  stages: z.array(z.object({ stage: z.string(), label: z.string(), count: int })),
  total: int,
  due: int.describe('open applications whose follow-up is today or past'),
});

// reviews

/** A review; the public lists keep a removed one's place and reason, without its ratings and text. */
export const review = z.object({
  id: int,
  consultancy_id: int,
  applied_month: z.string(),
  honesty: int.nullable(),
  responsiveness: int.nullable(),
  visa_guidance: int.nullable(),
  text: z.string().nullable(),
  reply: z.string().nullable(),
  replied_at: timestamp.nullable(),
  removed_reason: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  rating: z.number().nullable(),
  removed: z.boolean(),
});
export const reviews = page(review);
/** A review as admins see it: with the applicant and the signals of a fake one (the same phone, email or address behind several reviews; a burst). */
export const adminReview = review.extend({
  consultancy_name: z.string(),
  tracking_code: z.string(),
  applicant: z.string(),
  email: z.string(),
  phone: z.string(),
  removed_at: timestamp.nullable(),
  signals: z.object({ phone: int, phone_here: int, email: int, email_here: int, ip: int, ip_here: int, burst: int }),
  signal_notes: z.array(z.string()),
});
export const adminReviews = page(adminReview);
/** What the holder of a tracking code may do: review once the consultancy acted, then edit. */
export const reviewState = z.object({
  tracking_code: z.string(),
  consultancy: named,
  applied_month: z.string(),
  acted: z.boolean(),
  refusal: z.string().nullable(),
  review: review.nullable(),
});

// complaints

const historyEntry = z.object({
  kind: z.string(),
  author: z.string(),
  status: z.string().nullable(),
  body: z.string(),
  created_at: timestamp,
});
const complaintBase = {
  id: int,
  reference: z.string().nullable(),
  name: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  created_at: timestamp,
  answer_due_at: timestamp,
  first_answer_at: timestamp.nullable(),
  overdue: z.boolean(),
};
const withContact = { email: z.string(), phone: z.string(), consultancy_id: int.nullable(), evidence: z.string().nullable() };
/** A complaint as an admin sees it after changing its status: with the complainant's contact details and the evidence's address. */
export const complaint = z.object({ ...complaintBase, ...withContact, status_label: z.string() });
/** In the admins' list: with the consultancy's name and its first answer too. */
export const complaints = page(
  z.object({
    ...complaintBase,
    ...withContact,
    consultancy_name: z.string().nullable(),
    answer: z.string().nullable(),
    status_label: z.string(),
  }),
);
/**
 * Filed: the complaint with the code to follow it (given only now: just its hash is kept). A bot
 * caught by the honeypot is told the stored shape without the deadline and the label.
 */
export const complaintFiled = z.object({
  ...complaintBase,
  answer_due_at: complaintBase.answer_due_at.optional(),
  first_answer_at: complaintBase.first_answer_at.optional(),
  overdue: complaintBase.overdue.optional(),
  ...withContact,
  status_label: z.string().optional(),
  code: z.string(),
});
/** As the consultancy it is about sees it, with its history. */
export const consultancyComplaint = z.object({ ...complaintBase, history: z.array(historyEntry), status_label: z.string() });
export const consultancyComplaints = page(consultancyComplaint);
/** As the holder of its code follows it. */
export const complaintTracking = z.object({
  reference: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  created_at: timestamp,
  answer_due_at: timestamp,
  first_answer_at: timestamp.nullable(),
  overdue: z.boolean(),
  consultancy: named.nullable(),
  history: z.array(historyEntry),
  status_label: z.string(),
});

// inquiries

const inquiryBase = {
  id: int,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  entity_type: z.string(),
  entity_id: int,
  consultancy: int.nullable(),
  destination: int.nullable(),
  exam: int.nullable(),
  status: z.string(),
  created_at: timestamp,
};
export const inquirySent = z.object({ ...inquiryBase, reference: z.string() });
export const inquiries = page(
  z.object({
    ...inquiryBase,
    entity_name: z.string().nullable(),
    destination_name: z.string().nullable(),
    exam_name: z.string().nullable(),
  }),
);

/** A college's inquiries: the stored rows. */
export const collegeInquiries = page(
  z.object({
    id: int,
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string(),
    entity_type: z.string(),
    entity_id: int,
    consultancy_id: int.nullable(),
    destination_id: int.nullable(),
    exam_id: int.nullable(),
    status: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

// licences

export const licence = z.object({
  id: int,
  consultancy_id: int,
  permission_number: z.string(),
  issuing_office: z.string(),
  issued_on: day,
  expires_on: day,
  association: z.string(),
  association_number: z.string(),
  status: z.string(),
  reason: z.string(),
  reviewed_at: timestamp.nullable(),
  submitted_at: timestamp,
  valid: z.boolean().describe('a verified licence whose expiry day has not passed in Nepal'),
  consultancy_name: z.string(),
  consultancy_slug: z.string(),
  status_label: z.string(),
  document: z.object({ url: z.string(), original_name: z.string() }),
  history: z.array(
    z.object({ action: z.string(), reason: z.string(), who: z.string(), role: z.string(), at: timestamp, action_label: z.string() }),
  ),
});
export const licences = page(licence);
/** The consultancy's Licence screen: where it stands, the licence the public sees, and every submission. */
export const ownLicences = z.object({
  standing: z.string().describe('licensed, expired or none'),
  current: licence.nullable(),
  pending: licence.nullable(),
  licences: z.array(licence),
});

// an institution's branches (a college's, a consultancy's)

const branchFields = {
  name: z.string(),
  address: z.string(),
  district_id: int.nullable(),
  phone: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
};
/** A branch as its institution's dashboard reads it, with the owner's id named by kind (college_id, consultancy_id). */
export const branchOf = (kind: BranchKind) => z.object({ id: int, [`${kind}_id`]: int, ...branchFields }) as z.ZodObject;
/** A branch as the institution's public page lists it. */
export const publicBranch = z.object({
  id: int,
  name: z.string(),
  address: z.string(),
  district: z.string().nullable(),
  phone: z.string(),
});
/** A branch in the list of every branch of a kind, with the institution it belongs to. */
export const institutionBranch = publicBranch.extend({ institution_id: int });

// the outbox

const outboxBase = {
  id: int,
  key: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: int,
  next_attempt_at: timestamp,
  last_error: z.string(),
  sent_at: timestamp.nullable(),
  created_at: timestamp,
};
export const outboxMessages = page(z.object(outboxBase));
export const outboxMessage = z.object({ ...outboxBase, text: z.string(), html: z.string() });

// document requests (issue 26)

const documentFile = z.object({
  id: int,
  original_name: z.string(),
  size: int,
  created_at: timestamp,
  url: z.string().describe('Download route'),
});
export const documentRequest = z.object({
  id: int,
  name: z.string(),
  note: z.string(),
  due_on: day,
  state: z.string(),
  state_label: z.string(),
  rejection_reason: z.string(),
  reviewed_at: timestamp.nullable(),
  created_at: timestamp,
  files: z.array(documentFile),
});
/** An application's requests as the consultancy and admins see them, with the checklist offered for its destination. */
export const applicationDocumentRequests = z.object({
  application_id: int,
  destination_id: int.nullable(),
  checklist: z.array(z.string()),
  requests: z.array(documentRequest),
});
/** The requests as the holder of the tracking code sees them. */
export const applicantDocumentRequests = z.object({ requests: z.array(documentRequest) });
export const documentChecklist = z.object({ destination_id: int, items: z.array(z.string()) });

// the student's data (issue 26)

/** What the student is told once their application's personal data is erased. */
export const applicationErased = z.object({
  erased: z.literal(true),
  removed: z.record(z.string(), int).describe('rows removed or blanked, per kind of data'),
  message: z.string(),
});
/** An erasure's audit row: what went, never who it was. */
export const applicationErasures = page(
  z.object({
    id: int,
    application_id: int.nullable(),
    consultancy_id: int.nullable(),
    consultancy_name: z.string().nullable(),
    removed: z.record(z.string(), int),
    files_removed: int,
    created_at: timestamp,
  }),
);
