import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deadlineRemindersSetting, unsubscribeQuery } from '../../src/lib/contract/bodies/deadline-reminders.ts';
import { badRequest } from '../errors.ts';
import { escapeHtml } from '../no-script.ts';
import { remindersOn, setReminders } from '../services/deadline-reminders.ts';

const html = z.string().describe('An HTML page');

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | StudyAbroad Nepal</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/shortlist/">Your shortlist</a></p></main></body></html>`;

/**
 * Deadline reminders (issue 27): a signed-in account turns them on or off; a mail's unsubscribe
 * link turns them off with no sign-in: GET shows a page that asks (a link checker or a mail
 * client's preview follows links, so a GET changes nothing), POST stops them (the one-click POST of
 * RFC 8058 that mail clients send, and the page's button).
 */
export default async function deadlineReminderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Shortlist'];
  const access = 'user' as const;
  // the one-click POST is a form (List-Unsubscribe=One-Click); only these routes read such bodies
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.get(
    '/auth/deadline-reminders/',
    {
      schema: { tags, summary: 'Whether the account gets deadline reminders by mail', response: { 200: deadlineRemindersSetting } },
      config: { access },
    },
    async (request) => ({ on: await remindersOn(app.db, request.user!.id) }),
  );
  app.put(
    '/auth/deadline-reminders/',
    {
      schema: {
        tags,
        body: deadlineRemindersSetting,
        summary: 'Turn deadline reminders on or off',
        response: { 200: deadlineRemindersSetting },
      },
      config: { access },
    },
    async (request) => ({ on: await setReminders(app.db, request.user!.id, request.body.on) }),
  );
  const accountOf = (token: string) => {
    const userId = app.unsubscribeTokens.verify(token);
    if (userId === null) throw badRequest('This unsubscribe link is not valid. Sign in and turn reminders off on your shortlist.');
    return userId;
  };
  app.get(
    '/deadline-reminders/unsubscribe/',
    {
      schema: {
        tags,
        querystring: unsubscribeQuery,
        summary: 'The page an unsubscribe link opens: it asks to confirm',
        response: { 200: html },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      accountOf(request.query.token);
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return page(
        'Stop deadline reminders?',
        `<p>You will get no more mails about the dates on your shortlist. The shortlist itself stays.</p>
<form method="post"><button type="submit">Stop the reminders</button></form>`,
      );
    },
  );
  app.post(
    '/deadline-reminders/unsubscribe/',
    {
      schema: { tags, querystring: unsubscribeQuery, summary: 'Stop deadline reminders (one-click, RFC 8058)', response: { 200: html } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      await setReminders(app.db, accountOf(request.query.token), false);
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return page(
        'Deadline reminders stopped',
        '<p>You will get no more mails about the dates on your shortlist. You can turn them on again on your shortlist.</p>',
      );
    },
  );
}
