import { defineEntity } from '../entity.ts';

export const featured = defineEntity({
  name: 'featured',
  path: 'featured',
  table: 'featured_pages',
  sitePath: 'featured',
  multipart: true,
  label: 'Featured page',
  plural: 'Featured pages',
  console: { group: 'Articles', order: 5 },
  nav: { menu: 'more', order: 12, label: 'Featured' },
  titleField: 'title',
  fields: {
    title: { kind: 'text', label: 'Title', required: true, max: 200, column: true },
    summary: { kind: 'textarea', label: 'Summary', max: 500, summary: 2, lead: true },
    body: { kind: 'html', label: 'Body', summary: 7 },
    cover_image: { kind: 'image', label: 'Cover image', picture: 'cover' },
    link: { kind: 'url', label: 'Link' },
    priority: { kind: 'number', label: 'Priority (higher first)', max: 10000, default: 0, internal: true, column: true },
  },
  search: { A: ['title'], B: ['summary'], C: ['body'] },
  ordering: ['-priority', '-id'],
  orderable: ['title'],
});
