import { forumCategories, forumLikes, forumQuestions, forumReplies } from '../../schema/index.ts';
import { insertRows } from '../bulk.ts';
import { daysAgo } from '../clock.ts';
import { DESTINATIONS } from '../data/destinations.ts';
import { FORUM_CATEGORIES, FORUM_REPLIES, FORUM_TEMPLATES } from '../data/editorial.ts';
import { Slugger } from '../random.ts';
import type { SeedContext } from './context.ts';

const QUESTION_COUNT = 60;
const ENGLISH_TESTS = ['PTE', 'TOEFL', 'Duolingo'];

/**
 * Questions over the last 30 days, each with replies and likes after it was asked; newer
 * questions get more, so "trending" (likes and replies of recent days) has a clear order.
 */
export async function seedForum({ tx, rng, now }: SeedContext, authors: number[]) {
  const slugs = new Slugger();
  const categoryIds = await insertRows(
    tx,
    forumCategories,
    FORUM_CATEGORIES.map(([name, description]) => ({ name, slug: slugs.slug(name), description })),
  );
  const asked = Array.from({ length: QUESTION_COUNT }, (_, i) => {
    const [title, category, body] = FORUM_TEMPLATES[i % FORUM_TEMPLATES.length]!;
    const fill = (s: string) => s.replace('{d}', DESTINATIONS[(i * 7) % 10]!.name).replace('{e}', ENGLISH_TESTS[i % ENGLISH_TESTS.length]!);
    return {
      title: fill(title),
      body: fill(body),
      category_id: categoryIds[FORUM_CATEGORIES.findIndex(([n]) => n === category)]!,
      author_id: rng.pick(authors),
      age: rng.next() * 30,
    };
  });
  const questionIds = await insertRows(
    tx,
    forumQuestions,
    asked.map(({ age, ...q }) => ({ ...q, created_at: daysAgo(now, age), updated_at: daysAgo(now, age) })),
  );

  const replies = asked.flatMap((q, i) =>
    Array.from({ length: rng.int(0, q.age < 7 ? 6 : 3) }, () => {
      const at = daysAgo(now, q.age * rng.next());
      return { question_id: questionIds[i]!, author_id: rng.pick(authors), body: rng.pick(FORUM_REPLIES), created_at: at, updated_at: at };
    }),
  );
  await insertRows(tx, forumReplies, replies);

  const likes = asked.flatMap((q, i) =>
    rng.sample(authors, rng.int(0, q.age < 7 ? authors.length : 4)).map((userId) => {
      const at = daysAgo(now, q.age * rng.next());
      return { question_id: questionIds[i]!, user_id: userId, created_at: at, updated_at: at };
    }),
  );
  await insertRows(tx, forumLikes, likes);
}
