import { z } from 'zod';
import { ROLES } from './entity.ts';
import { message, page } from './responses.ts';
import { STAFF_ROLES } from './staff.ts';

/**
 * What the API answers outside the generic entity routes, as the routes' response schemas:
 * accounts, settings, reports and the forum (the console's records are in records.ts).
 */

const int = z.number().int();
const timestamp = z.string().describe('timestamp with time zone');
const day = z.iso.date();
/** A timestamp read by raw SQL: the driver's Date (PGlite) or text, answered as ISO text either way. */
const moment = z.union([z.string(), z.date()]);

// accounts

export const sessionUser = z.object({
  id: int,
  email: z.string(),
  role: z.enum(ROLES),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  consultancy_id: int.nullable(),
  college_id: int.nullable(),
  university_id: int.nullable(),
  staff_role: z.enum(STAFF_ROLES).describe("a consultancy account's place in its staff; other accounts say owner"),
});
export const session = z.object({
  access: z.string().describe('Short-lived access JWT (Authorization: Bearer)'),
  refresh: z.string().describe('Refresh token, rotated on every refresh'),
  user: sessionUser,
});
/** An account as the admins' user screens show it. */
export const account = sessionUser.extend({ active: z.boolean(), created_at: timestamp, updated_at: timestamp });
/** A pageview: whether it counted (one per visitor, page and day). */
export const pageviewRecorded = z.object({ recorded: z.boolean() });
export const shortlist = z.object({ items: z.array(z.object({ entity: z.string(), id: int })) });
/** The ticks of an account's plans, one entry per destination it ticked on. */
export const planTicks = z.object({ plans: z.array(z.object({ destination_id: int, ticks: z.array(z.string()) })) });

// settings

export const siteSettings = z.object({
  featured_counselling_consultancy_id: int.nullable(),
  featured_counselling_consultancy_name: z.string().nullable(),
  featured_counselling_consultancy_slug: z.string().nullable(),
  featured_counselling_consultancy_verified: z.boolean().nullable(),
  featured_counselling_consultancy_claimed: z.boolean().nullable(),
  show_counselling_bar: z.boolean(),
  updated_at: timestamp.nullable(),
});
export const modalSettings = z.object({ hide_study_abroad_modal: z.boolean(), hide_full_detail_modal: z.boolean() });
export const adFeed = z.array(
  z.object({
    id: int,
    placement: z.string(),
    title: z.string(),
    redirect_url: z.string(),
    desktop_image_url: z.string().nullable(),
    mobile_image_url: z.string().nullable(),
    desktop_image_2x_url: z.string().nullable().describe('The desktop image at twice its size, when the upload was that large'),
    mobile_image_2x_url: z.string().nullable().describe('The mobile image at twice its size, when the upload was that large'),
    weight: int,
  }),
);
/** What `npm run rebuild` asks a running server: the content version, and the one its site was built from. */
export const siteVersion = z.object({
  content_version: int,
  live_version: int.nullable().describe('The content version of the site being served by this process; null without a runner'),
});
export const siteStatus = z.object({
  runner: z.boolean().describe('Whether this process rebuilds the site'),
  content_version: int,
  live_version: int.nullable().optional(),
  live_at: timestamp.nullable().optional(),
  building: z.boolean().optional(),
  pending: z.boolean().optional(),
});

// reports

export const platformSummary = z.object({
  days: z.array(z.object({ date: day, pageviews: int, inquiries: int, applications: int })),
  top_institutions: z.array(z.object({ institute_type: z.string(), institute_id: int, pageviews: int, name: z.string().nullable() })),
});
export const institutionPageviews = z.object({ days: z.array(z.object({ date: day, pageviews: int })), total: int });
export const staleFacts = page(
  z.object({ entity: z.string(), id: int, title: z.string(), slug: z.string().nullable(), checked_on: day.nullable() }),
);
/** Consultancies' visa outcomes (src/lib/contract/outcomes.ts): the figures are null below the minimum of cases. */
export const outcomes = z.object({
  months: int,
  min_cases: int,
  results: z.array(
    z.object({
      consultancy_id: int,
      decided: int,
      enough: z.boolean(),
      granted_confirmed: int.nullable(),
      granted_claimed: int.nullable(),
      refused_confirmed: int.nullable(),
      refused_claimed: int.nullable(),
      disputed: int.nullable(),
      median_days_applied_to_offer: int.nullable(),
      median_days_offer_to_decision: int.nullable(),
    }),
  ),
});
export const complaintRecords = z.object({
  months: int,
  results: z.array(
    z.object({
      consultancy_id: int,
      received: int,
      due: int,
      answered_in_time: int,
      resolved: int,
      median_answer_hours: z.number().nullable(),
    }),
  ),
});

// forum

const forumCategory = z.object({ id: int, name: z.string(), slug: z.string() });
export const forumCategories = page(
  forumCategory.extend({ description: z.string(), position: int, question_count: int, updated_at: timestamp }),
);
const postChanged = timestamp.describe('When anything the post shows last changed: the post, its author, its category or question');
export const forumReply = z.object({
  id: int,
  question_id: int,
  body: z.string(),
  author_name: z.string(),
  hidden: z.boolean(),
  held: z.boolean(),
  created_at: timestamp,
  updated_at: postChanged,
  institution: z.object({ kind: z.string(), name: z.string() }).nullable().describe('The institution the author speaks for, when one'),
  mine: z.boolean(),
});
const question = {
  id: int,
  title: z.string(),
  author_name: z.string(),
  like_count: int,
  reply_count: int,
  hidden: z.boolean(),
  held: z.boolean(),
  accepted_reply_id: int.nullable(),
  created_at: timestamp,
  updated_at: postChanged,
  body: z.string(),
  category: forumCategory.nullable(),
  mine: z.boolean(),
};
export const forumQuestions = page(z.object({ ...question, excerpt: z.string() }));
export const forumQuestion = z.object({ ...question, liked: z.boolean(), replies: z.array(forumReply) });
export const forumReplies = page(forumReply);
export const forumLike = z.object({ liked: z.boolean(), like_count: int });
export const forumModerated = z.object({ id: int, hidden: z.boolean() });
/** A post waiting for a moderator (reported, held, or hidden), with its open reports. */
export const moderationItem = z.object({
  kind: z.enum(['question', 'reply']),
  id: int,
  question_id: int,
  title: z.string(),
  body: z.string(),
  author_id: int,
  hidden: z.boolean(),
  held: z.boolean(),
  created_at: moment,
  author_name: z.string(),
  author_active: z.boolean(),
  reports: z.array(z.object({ reason: z.string(), reporter_name: z.string(), created_at: z.string() })),
});
export type ModerationItem = z.infer<typeof moderationItem>;
export const forumModeration = page(moderationItem);

export { message };
