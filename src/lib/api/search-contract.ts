/**
 * The site search's answer schema, for the browser: a chunk of its own, loaded when the search box
 * is first used, so zod stays off the pages and visits that never search. The console's jitless
 * setting comes first, before the schema is made (see that file: the pages' CSP forbids eval).
 */
import '../../admin/zod-jitless.ts';

export { searchAnswer } from '../contract/search.ts';
