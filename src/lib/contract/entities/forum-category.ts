import { defineEntity } from '../entity.ts';

/**
 * The forum's categories: admins create, edit, order and delete them through the generic routes
 * and console screens. The public list with question counts is the forum's own
 * (GET /forum/categories/, SPEC §7), so the generic list is the admin one.
 */
export const forumCategory = defineEntity({
  name: 'forumCategory',
  path: 'forum/categories',
  table: 'forum_categories',
  publicList: 'none',
  routes: { adminList: 'forum/categories/all' },
  label: 'Forum category',
  plural: 'Forum categories',
  console: { group: 'Site', order: 2 },
  titleField: 'name',
  fields: {
    name: { kind: 'text', label: 'Name', required: true, max: 120, column: true },
    description: { kind: 'textarea', label: 'Description', max: 1000 },
    position: { kind: 'number', label: 'Order (lowest first)', min: 0, max: 10000, default: 0, column: true },
  },
  ordering: ['position', 'name'],
});
