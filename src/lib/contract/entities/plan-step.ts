import { defineEntity } from '../entity.ts';

/** Official links must be web addresses: a student follows them to the source of each fact. */
const linksAreAddresses = (record: Record<string, unknown>): Record<string, string[]> | null => {
  const links = Array.isArray(record.official_links) ? (record.official_links as unknown[]) : [];
  const bad = links.filter((l) => typeof l !== 'string' || !/^https?:\/\/[^\s/]+\.[^\s]+$/.test(l));
  return bad.length ? { official_links: [`Each link must be a web address (https://...): ${bad.join(', ')}`] } : null;
};

/**
 * One step of a destination's plan, from offer to departure (issue 27): what to do, where, with which
 * documents, how long and what it costs, from which official source. The plan page
 * (/destination/{slug}/plan/) lists a destination's steps in `position` order, and a student ticks
 * steps and documents on the device (src/lib/stores/planTicks.ts).
 */
export const planStep = defineEntity({
  name: 'planStep',
  path: 'plan-step',
  table: 'plan_steps',
  slug: false,
  label: 'Plan step',
  plural: 'Plan steps',
  console: { group: 'Directory', order: 10 },
  titleField: 'title',
  fields: {
    destination_id: {
      kind: 'ref',
      ref: 'destination',
      label: 'Destination',
      required: true,
      column: true,
      onDelete: 'cascade',
      index: false,
    },
    position: {
      kind: 'number',
      label: 'Order within the destination',
      required: true,
      min: 1,
      max: 1000,
      column: true,
      help: '1 is the first step; steps of one destination are listed in this order.',
    },
    title: { kind: 'text', label: 'Step', required: true, max: 200, column: true },
    what_to_do: { kind: 'textarea', label: 'What to do', max: 3000 },
    where: { kind: 'text', label: 'Where', max: 300 },
    documents: { kind: 'tags', label: 'Documents', max: 200, help: 'One document per line; students tick each.' },
    typical_days: { kind: 'number', label: 'Typical time', max: 1000, unit: ['day', 'days'] },
    fee_npr: { kind: 'number', label: 'Fee in NPR', max: 100_000_000, help: 'Empty when not known for certain: never a guess.' },
    official_links: { kind: 'tags', label: 'Official links', max: 500, help: 'The official pages the facts come from.' },
    notes_nepal: { kind: 'textarea', label: 'Notes for Nepal', max: 3000 },
  },
  filters: { destination: { label: 'Destination', kind: 'ref', ref: 'destination', column: 'destination_id' } },
  confirmed: ['what_to_do', 'where', 'documents', 'typical_days', 'fee_npr', 'official_links'],
  ordering: ['destination_id', 'position', 'id'],
  orderable: ['title'],
  check: linksAreAddresses,
});
