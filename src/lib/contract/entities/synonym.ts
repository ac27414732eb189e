import { defineEntity } from '../entity.ts';

/**
 * Words students use for the same thing ("UK", "England", "Britain" for the United Kingdom; "BSc",
 * "undergraduate" for a bachelor's), kept by admins: a search word or phrase of a group finds what
 * any word of the group finds (server/entities/search.ts), from the moment the group is saved,
 * without reindexing. The server reads them itself, so no public list is needed.
 */
export const synonym = defineEntity({
  name: 'synonym',
  path: 'synonym',
  table: 'synonyms',
  slug: false,
  publicList: 'none',
  label: 'Synonym group',
  plural: 'Synonyms',
  console: { group: 'Lookups', order: 4 },
  titleField: 'term',
  fields: {
    term: {
      kind: 'text',
      label: 'Term',
      required: true,
      max: 120,
      column: true,
      help: 'The word or phrase the data uses, such as United Kingdom or bachelor.',
    },
    words: {
      kind: 'tags',
      label: 'Other words',
      max: 120,
      column: true,
      help: 'Other words and phrases students search for it with, such as UK, England, Britain. A search for any of them, or the term, finds the same.',
    },
  },
  ordering: ['term', 'id'],
});
