export * from './content.ts';
export * from './accounts.ts';
export * from './forum.ts';
export * from './leads.ts';
export * from './site.ts';
export * from './search.ts';
export * from './reviews.ts';
