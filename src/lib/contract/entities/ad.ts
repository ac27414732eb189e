import { defineEntity, endsAfterStart } from '../entity.ts';

export const AD_PLACEMENTS = ['roadblock_ad', 'sidebar', 'banner'] as const;

export const ad = defineEntity({
  name: 'ad',
  path: 'ads',
  table: 'ads',
  slug: false,
  multipart: true,
  publicList: 'none',
  routes: { adminList: 'ads/admin' },
  label: 'Ad',
  plural: 'Ads',
  console: { group: 'Promotion', order: 2 },
  titleField: 'title',
  fields: {
    title: { kind: 'text', label: 'Title (image alt text)', required: true, max: 200, column: true },
    placement: { kind: 'select', label: 'Placement', options: AD_PLACEMENTS, max: 40, required: true, column: true },
    redirect_url: { kind: 'url', label: 'Link' },
    desktop_image_url: { kind: 'image', label: 'Desktop image (960x540)' },
    mobile_image_url: { kind: 'image', label: 'Mobile image (320x400)' },
    desktop_image_2x_url: { kind: 'image', label: 'Desktop image for sharp screens (1920x1080)', doubleOf: 'desktop_image_url' },
    mobile_image_2x_url: { kind: 'image', label: 'Mobile image for sharp screens (640x800)', doubleOf: 'mobile_image_url' },
    starts_at: { kind: 'datetime', label: 'Shown from' },
    ends_at: { kind: 'datetime', label: 'Shown until', column: true },
    weight: { kind: 'number', label: 'Weight', min: 1, max: 1000, default: 1 },
    active: { kind: 'boolean', label: 'Active', column: true, default: true },
  },
  filters: { placement: { label: 'Placement', kind: 'select', options: AD_PLACEMENTS, column: 'placement' } },
  search: { A: ['title'], B: ['placement'] },
  ordering: ['-id'],
  orderable: ['title', 'placement', 'ends_at', 'active'],
  check: endsAfterStart('starts_at', 'ends_at', 'The end of the window cannot be before its start.'),
});
