import { defineEntity } from '../entity.ts';

/**
 * What one unit of a currency costs in Nepali rupees on a day, kept by admins: the site shows every
 * fee with its approximate rupee amount and the rate's date (src/lib/site/money.ts). Rows are a
 * history: the newest rate of a currency is the one used.
 */
export const exchangeRate = defineEntity({
  name: 'exchangeRate',
  path: 'exchange-rate',
  table: 'exchange_rates',
  slug: false,
  label: 'Exchange rate',
  plural: 'Exchange rates',
  console: { group: 'Lookups', order: 3 },
  titleField: 'currency',
  fields: {
    currency: { kind: 'text', label: 'Currency', required: true, max: 3, column: true, help: 'Three letters, such as AUD, GBP or JPY.' },
    npr_per_unit: {
      kind: 'number',
      label: 'Rupees for one unit',
      required: true,
      decimals: 4,
      max: 1_000_000,
      column: true,
      help: 'How many Nepali rupees one unit of the currency buys, such as 88.12 for one Australian dollar.',
    },
    rate_date: { kind: 'date', label: 'Rate of', required: true, column: true },
    source: { kind: 'text', label: 'Source', max: 200, column: true, help: 'Where the rate comes from, such as Nepal Rastra Bank.' },
  },
  ordering: ['currency', '-rate_date'],
  orderable: ['npr_per_unit', 'source'],
  check: (record: Record<string, unknown>) => {
    const problems: Record<string, string[]> = {};
    if (typeof record.currency === 'string' && !/^[A-Z]{3}$/.test(record.currency))
      problems.currency = ['Three capital letters, such as AUD.'];
    if (typeof record.npr_per_unit === 'number' && record.npr_per_unit <= 0) problems.npr_per_unit = ['Must be more than zero.'];
    return Object.keys(problems).length ? problems : null;
  },
});
