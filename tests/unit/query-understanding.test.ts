import { describe, expect, it } from 'vitest';
import { understand, withoutChip, type Lexicon } from '../../src/lib/shared/query-understanding.ts';

/** A lexicon as the server builds it from the data (server/search/lexicon.ts), small. */
const lexicon: Lexicon = {
  prepKind: 'consultancy',
  entries: [
    { filter: 'country', value: 'australia', label: 'in Australia', names: ['Australia', 'Aus'] },
    { filter: 'country', value: 'canada', label: 'in Canada', names: ['Canada'] },
    { filter: 'country', value: 'japan', label: 'in Japan', names: ['Japan'] },
    { filter: 'country', value: 'india', label: 'in India', names: ['India'] },
    { filter: 'country', value: 'new-zealand', label: 'in New Zealand', names: ['New Zealand', 'NZ'] },
    { filter: 'discipline', value: 'nursing', label: 'Nursing', names: ['Nursing'] },
    {
      filter: 'discipline',
      value: 'computer-science-it',
      label: 'Computer Science & IT',
      names: ['Computer Science & IT', 'Computer Science', 'IT'],
    },
    { filter: 'level', value: 'master', label: 'Master', names: ['master', 'masters', 'mba', 'msc'] },
    { filter: 'level', value: 'bachelor', label: 'Bachelor', names: ['bachelor', 'bachelors', 'bsc'] },
    { filter: 'district', value: 'kathmandu', label: 'in Kathmandu', names: ['Kathmandu'] },
    { filter: 'intake', value: 'April', label: 'April', names: ['April'] },
    { filter: 'exam', value: 'ielts', label: 'prepares for IELTS', names: ['IELTS'] },
    { filter: 'kind', value: 'scholarship', label: 'Scholarships only', names: ['Scholarship', 'Scholarships'] },
    { filter: 'kind', value: 'consultancy', label: 'Consultancies only', names: ['Consultancy', 'Consultancies'] },
    { filter: 'kind', value: 'university', label: 'Universities only', names: ['University', 'Universities'] },
    { filter: 'kind', value: 'college', label: 'Colleges only', names: ['College', 'Colleges'] },
  ],
};

const chipsOf = (q: string) => understand(q, lexicon).chips.map((c) => [c.filter, c.value, c.text]);
const wordsOf = (q: string) => understand(q, lexicon).words;

describe('query understanding', () => {
  it('"<field> in <country>": a field and a country, the joining word part of the chip', () => {
    expect(chipsOf('Nursing in Australia')).toEqual([
      ['discipline', 'nursing', 'Nursing'],
      ['country', 'australia', 'in Australia'],
    ]);
    expect(wordsOf('Nursing in Australia')).toBe('');
  });

  it('"<level> <field> <country>": a level by its common name, a field by a part of its name, a country of two words', () => {
    expect(chipsOf('masters it canada')).toEqual([
      ['level', 'master', 'masters'],
      ['discipline', 'computer-science-it', 'it'],
      ['country', 'canada', 'canada'],
    ]);
    expect(chipsOf('mba new zealand')).toEqual([
      ['level', 'master', 'mba'],
      ['country', 'new-zealand', 'new zealand'],
    ]);
    expect(chipsOf('BSc computer science Aus')).toEqual([
      ['level', 'bachelor', 'BSc'],
      ['discipline', 'computer-science-it', 'computer science'],
      ['country', 'australia', 'Aus'],
    ]);
  });

  it('rupee ceilings: lakh, crore, NPR and rs amounts, with the words they came from', () => {
    const ceiling = (q: string) => understand(q, lexicon).chips.find((c) => c.filter === 'fee_max');
    expect(ceiling('mba canada under 30 lakh')).toEqual({
      filter: 'fee_max',
      value: '3000000',
      label: 'under NPR 30 lakh',
      text: 'under 30 lakh',
    });
    expect(ceiling('below 25 lakhs')).toMatchObject({ value: '2500000', text: 'below 25 lakhs' });
    expect(ceiling('under NPR 2,000,000')).toMatchObject({ value: '2000000', label: 'under NPR 20 lakh', text: 'under NPR 2,000,000' });
    expect(ceiling('nursing under rs 20 lakh')).toMatchObject({ value: '2000000', text: 'under rs 20 lakh' });
    expect(ceiling('within 15 lakh')).toMatchObject({ value: '1500000' });
    expect(ceiling('less than 10 lakh')).toMatchObject({ value: '1000000', text: 'less than 10 lakh' });
    expect(ceiling('under 1.5 crore')).toMatchObject({ value: '15000000', label: 'under NPR 1.5 crore' });
    expect(ceiling('under 30lakh')).toMatchObject({ value: '3000000' });
    expect(ceiling('under 2500000')).toMatchObject({ value: '2500000', label: 'under NPR 25 lakh' });
    expect(ceiling('under 1,234,567 npr')).toMatchObject({ value: '1234567', label: 'under NPR 1,234,567' });
    expect(wordsOf('nursing under 30 lakh')).toBe('');
  });

  it('"cheap" and "affordable" are an order, cheapest first, not a made-up ceiling', () => {
    expect(chipsOf('cheap nursing australia')).toEqual([
      ['order', 'cheapest', 'cheap'],
      ['discipline', 'nursing', 'nursing'],
      ['country', 'australia', 'australia'],
    ]);
    expect(chipsOf('affordable universities')[0]).toEqual(['order', 'cheapest', 'affordable']);
  });

  it('"scholarship <country>" and "scholarships in japan": only scholarships', () => {
    expect(chipsOf('scholarship japan')).toEqual([
      ['kind', 'scholarship', 'scholarship'],
      ['country', 'japan', 'japan'],
    ]);
    expect(chipsOf('scholarships in Japan')).toEqual([
      ['kind', 'scholarship', 'scholarships'],
      ['country', 'japan', 'in Japan'],
    ]);
  });

  it('"<exam> preparation <city>": the exam, consultancies, and a district; an unknown city stays a word', () => {
    expect(chipsOf('ielts classes kathmandu')).toEqual([
      ['exam', 'ielts', 'ielts'],
      ['kind', 'consultancy', 'classes'],
      ['district', 'kathmandu', 'kathmandu'],
    ]);
    expect(chipsOf('IELTS preparation Pokhara')).toEqual([
      ['exam', 'ielts', 'IELTS'],
      ['kind', 'consultancy', 'preparation'],
    ]);
    expect(wordsOf('IELTS preparation Pokhara')).toBe('Pokhara');
  });

  it('an exam or a district alone stays a word: "ielts" is the exam page and posts, "Kathmandu University" a name', () => {
    expect(chipsOf('ielts')).toEqual([]);
    expect(wordsOf('ielts')).toBe('ielts');
    expect(chipsOf('kathmandu university')).toEqual([]);
    expect(wordsOf('kathmandu university')).toBe('kathmandu');
    expect(understand('kathmandu university', lexicon).hint).toBe('university');
    expect(chipsOf('university of sydney')).toEqual([]);
    expect(chipsOf('consultancy in kathmandu')).toEqual([
      ['kind', 'consultancy', 'consultancy'],
      ['district', 'kathmandu', 'in kathmandu'],
    ]);
  });

  it('a kind beside words left to search is a hint, never searched: rows rarely say their kind', () => {
    expect(understand('sakura consultancy', lexicon)).toEqual({ chips: [], words: 'sakura', hint: 'consultancy' });
    expect(understand('consultancy permission renewal', lexicon)).toEqual({ chips: [], words: 'permission renewal', hint: 'consultancy' });
    expect(chipsOf('mext scholarship')).toEqual([]);
    expect(chipsOf('japan scholarship')).toEqual([
      ['country', 'japan', 'japan'],
      ['kind', 'scholarship', 'scholarship'],
    ]);
  });

  it('leaves out the words every query means ("study", "best") beside chips or other words, and searches them when alone', () => {
    expect(chipsOf('study in australia')).toEqual([['country', 'australia', 'in australia']]);
    expect(wordsOf('study in australia')).toBe('');
    expect(chipsOf('best consultancy in kathmandu')).toEqual([
      ['kind', 'consultancy', 'consultancy'],
      ['district', 'kathmandu', 'in kathmandu'],
    ]);
    expect(wordsOf('best consultancy in kathmandu')).toBe('');
    expect(chipsOf('best nursing colleges')).toEqual([
      ['discipline', 'nursing', 'nursing'],
      ['kind', 'college', 'colleges'],
    ]);
    expect(wordsOf('best nursing colleges')).toBe('');
    expect(wordsOf('top pick abroad')).toBe('pick');
    expect(wordsOf('study abroad')).toBe('study abroad');
  });

  it('an intake month of a select filter the search understands: "april intake japan"', () => {
    expect(chipsOf('april intake japan')).toEqual([
      ['intake', 'April', 'april'],
      ['country', 'japan', 'japan'],
    ]);
    expect(wordsOf('april intake japan')).toBe('');
  });

  it('a field that ends a longer subject is searched as words: "mental health nursing"', () => {
    expect(chipsOf('mental health nursing')).toEqual([]);
    expect(wordsOf('mental health nursing')).toBe('mental health nursing');
    expect(chipsOf('cheap nursing')).toEqual([
      ['order', 'cheapest', 'cheap'],
      ['discipline', 'nursing', 'nursing'],
    ]);
  });

  it('a field that begins a longer name is searched as words too: "nursing fair"; "nursing in australia" stays a field', () => {
    expect(chipsOf('nursing fair')).toEqual([]);
    expect(wordsOf('nursing fair')).toBe('nursing fair');
    expect(chipsOf('nursing in australia').map(([filter]) => filter)).toEqual(['discipline', 'country']);
  });

  it('a word the declarations give as a hint ranks its kind first and is still searched: "education fair" → events', () => {
    const hinted: Lexicon = { ...lexicon, hints: new Map([['fair', 'event']]) };
    expect(understand('education fair', hinted)).toEqual({ chips: [], words: 'education fair', hint: 'event' });
    expect(understand('education fair', lexicon).hint).toBeUndefined();
  });

  it('makes no filter of nonsense', () => {
    for (const q of [
      'in',
      'under',
      'under lakh',
      '30',
      '30 lakh',
      'under 30',
      'below 500',
      'under npr',
      'less than',
      'indiana',
      'australian courses',
      'itinerary',
      'under -5 lakh',
      'under 0 lakh',
    ])
      expect(
        understand(q, lexicon).chips.filter((c) => c.filter !== 'kind'),
        q,
      ).toEqual([]);
    // searched as typed: "in" alone matches nothing, rather than every row
    expect(wordsOf('in')).toBe('in');
    expect(wordsOf('nursing in')).toBe('');
    expect(wordsOf('australian nursing')).toBe('australian nursing');
    expect(wordsOf('under 30')).toBe('under 30');
  });

  it('keeps one chip per filter: a second country is searched as words', () => {
    expect(chipsOf('australia or canada')).toEqual([['country', 'australia', 'australia']]);
    expect(wordsOf('australia or canada')).toBe('or canada');
  });

  it('removing a chip searches the query without its words', () => {
    const [, country] = understand('nursing in australia', lexicon).chips;
    expect(withoutChip('nursing in australia', country!)).toBe('nursing');
  });
});
