import { date, doublePrecision, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

/** Rupees for one unit of a currency on a day (the exchangeRate declaration); the newest row of a currency is the one used. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: id(),
    currency: varchar('currency', { length: 3 }).notNull(),
    npr_per_unit: doublePrecision('npr_per_unit').notNull(),
    rate_date: date('rate_date', { mode: 'string' }).notNull(),
    source: varchar('source', { length: 200 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('exchange_rates_currency_idx').on(t.currency, t.rate_date)],
);
