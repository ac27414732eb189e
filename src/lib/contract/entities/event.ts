import { defineEntity, endsAfterStart } from '../entity.ts';

export const event = defineEntity({
  name: 'event',
  path: 'event',
  sitePath: 'event',
  multipart: true,
  label: 'Event',
  plural: 'Events',
  titleField: 'title',
  fields: {
    title: { kind: 'text', label: 'Title', required: true, max: 200, column: true },
    about: { kind: 'html', label: 'About' },
    cover_image: { kind: 'image', label: 'Cover image' },
    starts_at: { kind: 'datetime', label: 'Starts', required: true, column: true },
    ends_at: { kind: 'datetime', label: 'Ends', required: true },
    venue: { kind: 'text', label: 'Venue', max: 300, column: true },
    online_link: { kind: 'url', label: 'Online link' },
    organizer: { kind: 'text', label: 'Organizer', max: 200 },
    targeted_destinations: { kind: 'refs', ref: 'destination', label: 'Targeted destinations' },
    related_universities: { kind: 'refs', ref: 'university', label: 'Related universities' },
    related_consultancies: { kind: 'refs', ref: 'consultancy', label: 'Related consultancies' },
  },
  filters: { upcoming: { label: 'Upcoming only', kind: 'flag' } },
  ordering: ['-starts_at', 'id'],
  ends: { field: 'ends_at', badge: 'Ended', note: 'This event has ended.' },
  check: endsAfterStart('starts_at', 'ends_at', 'An event cannot end before it starts.'),
});
