import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinations } from '../../server/db/schema/index.ts';
import { firstYearEstimate } from '../../src/lib/site/estimate.ts';
import { formatMoneyWithRupees, ratesOf, roundRupees, type Rates } from '../../src/lib/site/money.ts';
import { bearer, buildTestApp, createDestination, engines, expectErrorShape, signedIn, type TestApp } from './helpers.ts';

describe.each(engines)('exchange rates and first-year estimates on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let rates: Rates;

  const addRate = (payload: Record<string, unknown>, headers = bearer(admin)) =>
    t.app.inject({ method: 'POST', url: '/api/exchange-rate/create/', headers, payload });

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await signedIn(t.app, t.database.db, 'admin');
    for (const payload of [
      { currency: 'AUD', npr_per_unit: 80, rate_date: '2026-10-01', source: 'Demo value' },
      { currency: 'AUD', npr_per_unit: '88.1234', rate_date: '2026-11-20', source: 'Demo value' },
      { currency: 'JPY', npr_per_unit: 0.9012, rate_date: '2026-11-20' },
    ]) {
      const res = await addRate(payload);
      expect(res.statusCode, res.body).toBe(201);
    }
    rates = ratesOf((await t.app.inject({ url: '/api/exchange-rate/?page_size=100' })).json().results);
  });
  afterAll(() => t.close());

  it('keeps rates as admins enter them, four decimals at most, and refuses nonsense in the error shape', async () => {
    expect(rates.AUD).toEqual({ currency: 'AUD', npr_per_unit: 88.1234, rate_date: '2026-11-20' });
    expect(rates.JPY!.npr_per_unit).toBe(0.9012);
    for (const [payload, field] of [
      [{ currency: 'aud', npr_per_unit: 88, rate_date: '2026-11-20' }, 'currency'],
      [{ currency: 'AUDX', npr_per_unit: 88, rate_date: '2026-11-20' }, 'currency'],
      [{ currency: 'AUD', npr_per_unit: '88.12345', rate_date: '2026-11-20' }, 'npr_per_unit'],
      [{ currency: 'AUD', npr_per_unit: 0, rate_date: '2026-11-20' }, 'npr_per_unit'],
      [{ currency: 'AUD', npr_per_unit: 'lots', rate_date: '2026-11-20' }, 'npr_per_unit'],
      [{ currency: 'AUD', npr_per_unit: 88 }, 'rate_date'],
    ] as const) {
      const res = await addRate(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectErrorShape(res.json());
      expect(res.json().fields[field], JSON.stringify(payload)).toBeDefined();
    }
    expect(
      (await addRate({ currency: 'USD', npr_per_unit: 136, rate_date: '2026-11-20' }, {} as ReturnType<typeof bearer>)).statusCode,
    ).toBe(401);
  });

  it("shows an amount with rupees beside it, rounded to three significant digits, with the rate's date", () => {
    expect(formatMoneyWithRupees(35_000, 'AUD', rates)).toBe('AUD 35,000 (about NPR 3,080,000 at the 20 Nov 2026 rate)');
    expect(formatMoneyWithRupees(1_320_000, 'jpy', rates)).toBe('JPY 1,320,000 (about NPR 1,190,000 at the 20 Nov 2026 rate)');
    // no rate: the amount alone, never a guess; rupees are rupees
    expect(formatMoneyWithRupees(35_000, 'GBP', rates)).toBe('GBP 35,000');
    expect(formatMoneyWithRupees(35_000, 'NPR', rates)).toBe('NPR 35,000');
    expect([roundRupees(3_084_319), roundRupees(123_456), roundRupees(999.6), roundRupees(1_004.9), roundRupees(45.2)]).toEqual([
      3_080_000, 123_000, 1_000, 1_000, 45,
    ]);
  });

  it('estimates a first year line by line from the destination the API gives, and says what it does not know', async () => {
    const id = await createDestination(t.database.db, 'Australia');
    await t.database.db
      .update(destinations)
      .set({ currency: 'AUD', living_cost_yearly: 29_710, visa_fee: 2_000 })
      .where(eq(destinations.id, id));
    const destination = (await t.app.inject({ url: `/api/destination/${id}/` })).json();
    expect(destination).toMatchObject({ living_cost_yearly: 29_710, visa_fee: 2_000, health_insurance_yearly: null });

    const course = firstYearEstimate({ min: 35_000, max: 35_000, currency: 'AUD' }, destination, rates);
    expect(course.lines.map((l) => [l.label, l.text])).toEqual([
      ['Tuition for one year', 'AUD 35,000 (about NPR 3,080,000 at the 20 Nov 2026 rate)'],
      ['Living cost for twelve months', 'AUD 29,710 (about NPR 2,620,000 at the 20 Nov 2026 rate)'],
      ['Student visa fee (once)', 'AUD 2,000 (about NPR 176,000 at the 20 Nov 2026 rate)'],
      ['Health insurance for a year', 'Not known yet for Australia.'],
    ]);
    // the total adds the unrounded rupees, then rounds once: 66,710 × 88.1234 = 5,878,712
    expect(course.total!.text).toBe('about NPR 5,880,000');
    expect(course.leftOut).toEqual(['Health insurance for a year']);

    // a university's tuition is a range; a currency without a rate is named, not converted
    const university = firstYearEstimate({ min: 30_000, max: 45_000, currency: 'AUD' }, destination, rates);
    expect(university.lines[0]!.text).toBe('AUD 30,000 to 45,000 (about NPR 2,640,000 to 3,970,000 at the 20 Nov 2026 rate)');
    expect(university.total!.text).toBe('about NPR 5,440,000 to 6,760,000');
    const noRate = firstYearEstimate({ min: 20_000, max: 20_000, currency: 'GBP' }, destination, rates);
    expect(noRate.lines[0]!.text).toBe('GBP 20,000');
    expect(noRate.leftOut).toEqual(['Tuition for one year (no rupee rate for its currency)', 'Health insurance for a year']);
    // nothing known: no total at all
    const nothing = firstYearEstimate({ min: null, max: null, currency: '' }, undefined, rates);
    expect(nothing.total).toBeNull();
    expect(nothing.lines.map((l) => l.text)).toEqual([
      'The yearly fee is not known yet.',
      'Not known yet for this destination.',
      'Not known yet for this destination.',
      'Not known yet for this destination.',
    ]);
  });
});
