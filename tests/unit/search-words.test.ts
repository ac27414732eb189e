import { describe, expect, it } from 'vitest';
import {
  expandSynonyms,
  neighbourSwaps,
  queryWords,
  synonymIndex,
  tsQueryText,
  type WordFacts,
} from '../../server/entities/search-words.ts';
import { searchTables } from '../../server/db/search-triggers.ts';
import '../../server/db/schema/index.ts';

const index = synonymIndex([
  { term: 'United Kingdom', words: ['UK', 'Great Britain', 'Britain'] },
  { term: 'bachelor', words: ['BSc', 'undergraduate'] },
  { term: 'USA', words: ['US', 'America'] },
]);

const known = (stem: string): WordFacts => ({ stem, known: true, spelt: true, prefixStem: null, nearWord: null, nearStem: null });
const facts = (entries: Record<string, WordFacts>) => new Map(Object.entries(entries));

describe('query words', () => {
  it('lowercases and splits at anything but letters and digits', () => {
    expect(queryWords('  B.Sc. Nursing, Australia!  ')).toEqual(['b', 'sc', 'nursing', 'australia']);
    expect(queryWords('Über MBA 2026')).toEqual(['über', 'mba', '2026']);
  });

  it('keeps a letter-hyphen-digit name one word, as the stored vectors do: "F-1 visa" → f1', () => {
    expect(queryWords('F-1 visa')).toEqual(['f1', 'visa']);
    expect(queryWords('J-1, subclass-500')).toEqual(['j1', 'subclass500']);
  });

  it('lists every swap of two neighbouring letters, the commonest typo: "ilets" → ielts among them', () => {
    expect(neighbourSwaps('ilets')).toEqual(['liets', 'ielts', 'iltes', 'ilest']);
    expect(neighbourSwaps('aa')).toEqual([]);
  });

  it('searches at most 20 words', () => {
    expect(queryWords('a '.repeat(50))).toHaveLength(20);
  });
});

describe('synonym phrases in a query', () => {
  it('finds the longest phrase at each place, and the other words as they are', () => {
    expect(expandSynonyms(['mba', 'great', 'britain'], index)).toEqual([
      { kind: 'word', word: 'mba' },
      { kind: 'synonyms', phrase: 'great britain', alternatives: [['united', 'kingdom'], ['uk'], ['great', 'britain'], ['britain']] },
    ]);
  });

  it('finds a group by its term as well as by its words', () => {
    expect(expandSynonyms(['bachelor'], index)[0]).toMatchObject({
      kind: 'synonyms',
      alternatives: [['bachelor'], ['bsc'], ['undergraduate']],
    });
  });
});

describe('the tsquery of a query', () => {
  it('ORs a synonym group, each phrase the AND of its stems, leaving out stop words', () => {
    const plan = expandSynonyms(['us', 'nursing'], index);
    const { terms } = tsQueryText(
      plan,
      facts({ usa: known('usa'), us: { ...known(''), stem: null }, america: known('america'), nursing: known('nurs') }),
      {
        exact: false,
      },
    );
    expect(terms).toBe("('usa' | 'america') & 'nurs'");
  });

  it('keeps a known word, makes the start of a known word a prefix, corrects a misspelt one and reports the rest', () => {
    const plan = expandSynonyms(['nursi', 'canda', 'qzxv', 'the'], index);
    const result = tsQueryText(
      plan,
      facts({
        nursi: { stem: 'nursi', known: false, spelt: false, prefixStem: 'nurs', nearWord: null, nearStem: null },
        canda: { stem: 'canda', known: false, spelt: false, prefixStem: null, nearWord: 'canada', nearStem: 'canada' },
        qzxv: { stem: 'qzxv', known: false, spelt: false, prefixStem: null, nearWord: null, nearStem: null },
        the: { stem: null, known: false, spelt: false, prefixStem: null, nearWord: null, nearStem: null },
      }),
      { exact: false },
    );
    expect(result).toEqual({
      terms: "'nurs':* & 'canada' & 'qzxv'",
      corrections: [{ from: 'canda', to: 'canada' }],
      unmatched: ['qzxv'],
      lexeme: null,
    });
  });

  it('does not correct a word another table holds as it is: it is spelt right, and matches nothing here', () => {
    const result = tsQueryText(
      [{ kind: 'word', word: 'canada' }],
      facts({ canada: { stem: 'canada', known: false, spelt: true, prefixStem: null, nearWord: 'canal', nearStem: 'canal' } }),
      { exact: false },
    );
    expect(result).toEqual({ terms: "'canada'", corrections: [], unmatched: ['canada'], lexeme: 'canada' });
  });

  it('corrects nothing when asked for the words as typed', () => {
    const result = tsQueryText(
      [{ kind: 'word', word: 'nrsing' }],
      facts({ nrsing: { stem: 'nrsing', known: false, spelt: false, prefixStem: null, nearWord: 'nursing', nearStem: 'nurs' } }),
      { exact: true },
    );
    expect(result).toEqual({ terms: "'nrsing'", corrections: [], unmatched: ['nrsing'], lexeme: 'nrsing' });
  });

  it('does not call a nearest word of the same stem a correction: "renewal" → renew would match nothing more', () => {
    const result = tsQueryText(
      [{ kind: 'word', word: 'renewal' }],
      facts({ renewal: { stem: 'renew', known: false, spelt: false, prefixStem: null, nearWord: 'renew', nearStem: 'renew' } }),
      { exact: false },
    );
    expect(result).toEqual({ terms: "'renew'", corrections: [], unmatched: ['renewal'], lexeme: 'renew' });
  });

  it('names the one stem of a query of one word searched whole (its rows are counted in search_stem_counts), and none otherwise', () => {
    const lexeme = (words: string[], known: Record<string, WordFacts>) =>
      tsQueryText(expandSynonyms(words, index), facts(known), { exact: false }).lexeme;
    const nursing = { nursing: known('nurs') };
    expect(lexeme(['nursing'], nursing)).toBe('nurs');
    expect(
      lexeme(['nrsing'], {
        nrsing: { stem: 'nrsing', known: false, spelt: false, prefixStem: null, nearWord: 'nursing', nearStem: 'nurs' },
      }),
    ).toBe('nurs');
    expect(
      lexeme(['nursi'], { nursi: { stem: 'nursi', known: false, spelt: false, prefixStem: 'nurs', nearWord: null, nearStem: null } }),
    ).toBeNull();
    expect(lexeme(['nursing', 'canada'], { ...nursing, canada: known('canada') })).toBeNull();
    expect(lexeme(['usa'], { usa: known('usa'), america: known('america') })).toBeNull();
  });

  it('has no terms for a query of stop words only, and quotes what a tsquery would read', () => {
    expect(tsQueryText([{ kind: 'word', word: 'the' }], facts({ the: { ...known(''), stem: null } }), { exact: false }).terms).toBeNull();
    expect(tsQueryText([{ kind: 'word', word: 'x' }], facts({ x: known("o'neil\\") }), { exact: false }).terms).toBe("'o''neil\\\\'");
  });
});

describe('the searchable tables', () => {
  it('come after the tables their rows are found by', () => {
    const order = searchTables();
    const before = (a: string, b: string) => expect(order.indexOf(a)).toBeLessThan(order.indexOf(b));
    before('destinations', 'universities');
    before('universities', 'courses');
    before('disciplines', 'courses');
    before('districts', 'consultancies');
    before('exams', 'consultancies');
    expect(order).toContain('forum_questions');
  });
});
