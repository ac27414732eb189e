import type { FieldMeta } from '../fields.ts';
import { defineEntity, type EntityName } from '../entity.ts';

/** Blog and news share their shape; each has its own categories. */
function articleFields(categoryRef: EntityName) {
  return {
    title: { kind: 'text', label: 'Title', required: true, max: 250, column: true },
    category_id: { kind: 'ref', ref: categoryRef, label: 'Category', column: true },
    excerpt: { kind: 'textarea', label: 'Summary', max: 500, summary: 1, lead: true },
    body: { kind: 'html', label: 'Body', summary: 7 },
    cover_image: { kind: 'image', label: 'Cover image', picture: 'cover' },
    author_name: { kind: 'text', label: 'Author', max: 120 },
    published_at: { kind: 'datetime', label: 'Published', column: true, dateOnly: true },
  } satisfies Record<string, FieldMeta>;
}

const categoryFields = { name: { kind: 'text', label: 'Name', required: true, max: 120, column: true } } satisfies Record<
  string,
  FieldMeta
>;

const articleSearch = { A: ['title'], B: ['excerpt'], C: ['body'] } as const;

export const blogCategory = defineEntity({
  name: 'blogCategory',
  path: 'blog/categories',
  table: 'blog_categories',
  label: 'Blog category',
  plural: 'Blog categories',
  console: { group: 'Articles', order: 2 },
  titleField: 'name',
  fields: categoryFields,
  ordering: ['name'],
});

export const newsCategory = defineEntity({
  name: 'newsCategory',
  path: 'news/categories',
  table: 'news_categories',
  label: 'News category',
  plural: 'News categories',
  console: { group: 'Articles', order: 4 },
  titleField: 'name',
  fields: categoryFields,
  ordering: ['name'],
});

export const blog = defineEntity({
  name: 'blog',
  path: 'blog',
  table: 'blogs',
  sitePath: 'blog',
  multipart: true,
  label: 'Blog post',
  plural: 'Blog',
  console: { group: 'Articles', order: 1 },
  nav: { menu: 'main', order: 9 },
  schemaType: 'Article',
  homeSearch: true,
  countNoun: 'blog posts',
  titleField: 'title',
  fields: articleFields('blogCategory'),
  filters: { category: { label: 'Category', kind: 'ref', ref: 'blogCategory', column: 'category_id' } },
  search: articleSearch,
  ordering: ['-published_at', '-id'],
  sorts: [{ label: 'Newest first' }, { label: 'Oldest first', ordering: 'published_at' }, { label: 'Title, A to Z', ordering: 'title' }],
});

export const news = defineEntity({
  name: 'news',
  path: 'news',
  table: 'news',
  sitePath: 'news',
  multipart: true,
  label: 'News item',
  plural: 'News',
  console: { group: 'Articles', order: 3 },
  nav: { menu: 'main', order: 10 },
  schemaType: 'NewsArticle',
  homeSearch: true,
  countNoun: 'news items',
  titleField: 'title',
  fields: articleFields('newsCategory'),
  filters: { category: { label: 'Category', kind: 'ref', ref: 'newsCategory', column: 'category_id' } },
  search: articleSearch,
  ordering: ['-published_at', '-id'],
  sorts: [{ label: 'Newest first' }, { label: 'Oldest first', ordering: 'published_at' }, { label: 'Title, A to Z', ordering: 'title' }],
});
