/** Destination flags: a `flag` field's two-letter code names the flag-icons SVG the build copies to /flags/. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { entities } from '../../src/lib/contract/index.ts';
import { cardDeclaration, cardOf, flagOf } from '../../src/lib/site/cards.ts';

const destination = entities.destination;

describe('flagOf', () => {
  it("names the flag of a destination's country code, in lower case", () => {
    expect(flagOf(destination, { id: 1, name: 'Australia', country_code: 'AU' })).toBe('/flags/au.svg');
    expect(flagOf(destination, { id: 2, name: 'Japan', country_code: 'jp' })).toBe('/flags/jp.svg');
  });

  it('names none without a two-letter code, or for a kind without a flag field', () => {
    for (const code of [null, '', 'AUS', 'A1', undefined])
      expect(flagOf(destination, { id: 1, name: 'X', country_code: code })).toBeUndefined();
    expect(flagOf(entities.university, { id: 1, name: 'X', country_code: 'AU' })).toBeUndefined();
  });

  it('is on the card, also from the few fields a list island gets', () => {
    const row = { id: 1, name: 'Canada', country_code: 'CA' };
    expect(cardOf(destination, row, {}).flag).toBe('/flags/ca.svg');
    expect(cardOf(cardDeclaration(destination), row, {}).flag).toBe('/flags/ca.svg');
  });

  it('stands for the code: the card does not state "CA" beside the flag, but its summary', () => {
    expect(cardOf(destination, { id: 1, name: 'Canada', country_code: 'CA', about: '<p>Big and cold.</p>' }, {}).text).toBe(
      'Big and cold.',
    );
  });

  it('names files flag-icons has', () => {
    const file = createRequire(import.meta.url)
      .resolve('flag-icons/flags/4x3/np.svg')
      .replace(/np\.svg$/, 'au.svg');
    expect(existsSync(file)).toBe(true);
  });
});
