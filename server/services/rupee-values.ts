import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { courses, exchangeRates as r, scholarships, universities } from '../db/schema/index.ts';

/**
 * Fees in rupees, computed when a row is read, so lists can be ordered by what a year costs a
 * family in Nepal rather than by numbers in different currencies. Kept apart from any service
 * because the entity registry reads it (as licence-values.ts).
 */

/** The newest rate of each currency as one JSON object ({"AUD": 88.1, …, "NPR": 1}): an InitPlan, computed once per statement, not once per row. */
const newestRates = sql`(SELECT coalesce(jsonb_object_agg(latest.currency, latest.npr_per_unit), '{}'::jsonb) || '{"NPR": 1}'::jsonb
  FROM (SELECT DISTINCT ON (${r.currency}) ${r.currency} AS currency, ${r.npr_per_unit} AS npr_per_unit FROM ${r} ORDER BY ${r.currency}, ${r.rate_date} DESC, ${r.id} DESC) latest)`;

/** `amount` in rupees at the newest rate of the row's `currency`, to the whole rupee; null without an amount or a rate. */
const inRupees = (amount: PgColumn, currency: PgColumn): SQL<number | null> =>
  sql<number | null>`round((${amount} * (${newestRates} ->> upper(${currency}))::float8)::numeric)::float8`;

const schema = (of: string) => ({
  type: 'number',
  nullable: true,
  description: `${of} in Nepali rupees at the newest exchange rate of its currency (null: no amount, or no rate for its currency)`,
});

export const courseRupees = {
  fee_npr: { sql: inRupees(courses.fee, courses.currency), schema: schema('The yearly fee') },
  funds_npr: { sql: inRupees(courses.funds_to_show, courses.currency), schema: schema('The funds to show') },
};
export const universityRupees = {
  tuition_min_npr: { sql: inRupees(universities.tuition_min, universities.currency), schema: schema('The lowest yearly tuition') },
};
export const scholarshipRupees = {
  amount_npr: { sql: inRupees(scholarships.amount_value, scholarships.amount_currency), schema: schema('The amount in figures') },
};
