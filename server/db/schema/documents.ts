import { index, integer, pgTable, unique } from 'drizzle-orm/pg-core';
import { id, textList, timestamps } from './columns.ts';
import { consultancies, destinations } from './content.ts';

/** A consultancy's own list of documents for a destination, offered when it requests documents; absent: DEFAULT_CHECKLIST. */
export const documentChecklists = pgTable(
  'document_checklists',
  {
    id: id(),
    consultancy_id: integer('consultancy_id')
      .notNull()
      .references(() => consultancies.id, { onDelete: 'cascade' }),
    destination_id: integer('destination_id')
      .notNull()
      .references(() => destinations.id, { onDelete: 'cascade' }),
    items: textList('items'),
    ...timestamps(),
  },
  (t) => [
    unique('document_checklists_consultancy_destination_key').on(t.consultancy_id, t.destination_id),
    index('document_checklists_destination_idx').on(t.destination_id),
  ],
);
