import { defineEntity, endsAfterStart } from '../entity.ts';

export const offer = defineEntity({
  name: 'offer',
  path: 'offer',
  sitePath: 'offer',
  multipart: true,
  routes: { adminList: 'offer/admin', create: 'offer/admin', update: 'offer/admin/:id', delete: 'offer/admin/:id' },
  label: 'Offer',
  plural: 'Offers',
  console: { group: 'Promotion', order: 1 },
  nav: { menu: 'more', order: 11 },
  titleField: 'title',
  fields: {
    title: { kind: 'text', label: 'Title', required: true, max: 200, column: true },
    consultancy_id: { kind: 'ref', ref: 'consultancy', label: 'Consultancy', column: true, listedOn: { note: 'valid_until', notePrefix: 'until ' } },
    description: { kind: 'textarea', label: 'Description', summary: 5 },
    image: { kind: 'image', label: 'Image', picture: 'both' },
    discount_text: { kind: 'text', label: 'Discount', max: 120 },
    valid_from: { kind: 'date', label: 'Valid from' },
    valid_until: { kind: 'date', label: 'Valid until', column: true },
    link: { kind: 'url', label: 'Link' },
  },
  filters: { consultancy: { label: 'Consultancy', kind: 'ref', ref: 'consultancy', column: 'consultancy_id' } },
  ordering: ['-id'],
  sorts: [{ label: 'Newest first' }, { label: 'Ending soonest', ordering: 'valid_until' }],
  ends: { field: 'valid_until', badge: 'Ended', note: 'This offer has ended.' },
  check: endsAfterStart('valid_from', 'valid_until', 'An offer cannot end before it starts.'),
});
