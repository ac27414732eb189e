/**
 * The names of the content entities: what a `ref` may name. `entities` (index.ts) must hold
 * exactly one declaration under each, so a name missing here or there fails the typecheck.
 */
export type EntityName =
  | 'destination'
  | 'exam'
  | 'course'
  | 'university'
  | 'college'
  | 'consultancy'
  | 'event'
  | 'scholarship'
  | 'blog'
  | 'news'
  | 'blogCategory'
  | 'newsCategory'
  | 'district'
  | 'discipline'
  | 'offer'
  | 'featured'
  | 'modelQuestion'
  | 'ad'
  | 'forumCategory'
  | 'exchangeRate'
  | 'synonym'
  | 'planStep'
  | 'testSession';
