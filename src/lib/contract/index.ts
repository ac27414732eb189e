import type { EntityDeclaration, EntityName } from './entity.ts';
import { ad } from './entities/ad.ts';
import { blog, blogCategory, news, newsCategory } from './entities/articles.ts';
import { college } from './entities/college.ts';
import { consultancy } from './entities/consultancy.ts';
import { course } from './entities/course.ts';
import { destination } from './entities/destination.ts';
import { discipline } from './entities/discipline.ts';
import { district } from './entities/district.ts';
import { event } from './entities/event.ts';
import { exam } from './entities/exam.ts';
import { exchangeRate } from './entities/exchange-rate.ts';
import { featured } from './entities/featured.ts';
import { forumCategory } from './entities/forum-category.ts';
import { modelQuestion } from './entities/model-question.ts';
import { offer } from './entities/offer.ts';
import { planStep } from './entities/plan-step.ts';
import { scholarship } from './entities/scholarship.ts';
import { synonym } from './entities/synonym.ts';
import { testSession } from './entities/test-session.ts';
import { university } from './entities/university.ts';

export * from './entity.ts';
export * from './fields.ts';
export { AD_PLACEMENTS } from './entities/ad.ts';
export { COURSE_LEVELS } from './entities/course.ts';
export { EXAM_TYPES } from './entities/exam.ts';
export { TEST_CITIES, TEST_FORMATS } from './entities/test-session.ts';
export { exchangeRate };
export {
  ad,
  blog,
  blogCategory,
  college,
  consultancy,
  course,
  destination,
  discipline,
  district,
  event,
  exam,
  featured,
  forumCategory,
  modelQuestion,
  news,
  newsCategory,
  offer,
  planStep,
  scholarship,
  synonym,
  testSession,
  university,
};

/** Every content entity, by name. */
export const entities = {
  destination,
  exam,
  course,
  university,
  college,
  consultancy,
  event,
  scholarship,
  blog,
  news,
  blogCategory,
  newsCategory,
  district,
  discipline,
  offer,
  featured,
  modelQuestion,
  ad,
  forumCategory,
  exchangeRate,
  synonym,
  planStep,
  testSession,
} satisfies { [K in EntityName]: EntityDeclaration & { name: K } };

/** The dropdown routes the declarations give (`dropdown`), as API paths. */
type DropdownOf<D> = D extends { dropdown: infer P extends string }
  ? P
  : D extends { dropdown: true; path: infer P extends string }
    ? `${P}/dropdown`
    : never;
export type DropdownPath = { [K in EntityName]: DropdownOf<(typeof entities)[K]> }[EntityName];

/** An entity's declaration, typed as any declaration (the literal types of `entities` differ per entity). */
export const declarationOf = (name: EntityName): EntityDeclaration => entities[name];

/** Whether a name (from an address, a row) is a declared entity's. */
export const isEntityName = (name: string): name is EntityName => Object.hasOwn(entities, name);

const declared = (): EntityDeclaration[] => Object.values(entities);

/** A declaration with public pages: its site path and its place in the navigation. */
export type SiteDeclaration = EntityDeclaration & Required<Pick<EntityDeclaration, 'sitePath' | 'nav'>>;
const hasPages = (d: EntityDeclaration): d is SiteDeclaration => Boolean(d.sitePath && d.nav);

/** Entities with public pages, in the site's navigation order. */
export const siteEntities = (): SiteDeclaration[] =>
  declared()
    .filter(hasPages)
    .sort((a, b) => a.nav.order - b.nav.order);

/** The console's navigation: each group's entities, in their order. */
export const consoleEntities = (group: string): EntityDeclaration[] =>
  declared()
    .filter((d) => d.console.group === group)
    .sort((a, b) => a.console.order - b.console.order);
