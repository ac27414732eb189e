import { asc, eq } from 'drizzle-orm';
import { destinations, disciplines, exchangeRates, scholarships } from '../../schema/index.ts';
import { insertRows } from '../bulk.ts';
import { epochDate } from '../clock.ts';
import type { SeedContext } from './context.ts';

/** Demo values, not real rates: plausible rupees for one unit, so every fee on the demo has a rupee amount. */
const DEMO_RATES: Record<string, number> = {
  USD: 136.2,
  AUD: 88.1,
  GBP: 172.4,
  CAD: 97.3,
  NZD: 78.9,
  EUR: 147.6,
  JPY: 0.9012,
  KRW: 0.0978,
  DKK: 19.78,
  SEK: 12.86,
  AED: 37.08,
};

/**
 * Demo first-year numbers per destination (country code), in its currency: living cost for a year,
 * student visa fee, health insurance for a year. Some are left out on purpose, so the demo shows how
 * an estimate says what it does not know.
 */
const DEMO_COSTS: Record<string, { living?: number; visa?: number; insurance?: number }> = {
  AU: { living: 29_710, visa: 2_000, insurance: 700 },
  GB: { living: 13_600, visa: 524, insurance: 776 },
  US: { living: 18_000, visa: 535, insurance: 2_500 },
  CA: { living: 20_635, visa: 150, insurance: 900 },
  JP: { living: 1_320_000, visa: 3_000, insurance: 24_000 },
  DE: { living: 11_904, visa: 75, insurance: 1_440 },
  NZ: { living: 20_000, visa: 750, insurance: 700 },
  KR: { living: 12_000_000, visa: 80_000 },
  IE: { living: 10_000, visa: 60, insurance: 500 },
  FR: { living: 7_380, visa: 50, insurance: 300 },
  NL: { living: 15_600, visa: 228, insurance: 1_000 },
  DK: { living: 81_840, visa: 2_490 },
  FI: { living: 10_800, visa: 350, insurance: 500 },
  SE: { living: 123_768, visa: 1_500 },
  AE: { living: 51_000 },
};

/** An amount in figures in a scholarship's text ("AUD 15,000 per year"): the finder's number. */
const AMOUNT = /\b([A-Z]{3}) ([\d,]+)/;

/** The demo exchange rates, the destinations' first-year numbers and the scholarships' amounts and fields. */
export async function seedMoney({ tx }: Pick<SeedContext, 'tx'>): Promise<void> {
  await insertRows(
    tx,
    exchangeRates,
    Object.entries(DEMO_RATES).map(([currency, rate]) => ({
      currency,
      npr_per_unit: rate,
      rate_date: epochDate(19),
      source: 'Demo value, not a real rate',
    })),
  );
  for (const [code, cost] of Object.entries(DEMO_COSTS)) {
    await tx
      .update(destinations)
      .set({ living_cost_yearly: cost.living ?? null, visa_fee: cost.visa ?? null, health_insurance_yearly: cost.insurance ?? null })
      .where(eq(destinations.country_code, code));
  }
  // the amounts the texts state in figures; a field of study for the universities' own awards (demo values)
  const fields = await tx.select({ id: disciplines.id }).from(disciplines).orderBy(asc(disciplines.id));
  const awards = await tx.select({ id: scholarships.id, amount: scholarships.amount }).from(scholarships).orderBy(asc(scholarships.id));
  for (const [i, award] of awards.entries()) {
    const figures = AMOUNT.exec(award.amount);
    const waiver = award.amount.includes('waiver');
    if (!figures && !waiver) continue;
    await tx
      .update(scholarships)
      .set({
        ...(figures ? { amount_value: Number(figures[2]!.replace(/,/g, '')), amount_currency: figures[1]! } : {}),
        ...(waiver && fields.length ? { discipline_id: fields[i % fields.length]!.id } : {}),
      })
      .where(eq(scholarships.id, award.id));
  }
}
