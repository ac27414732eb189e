import type { FastifyInstance } from 'fastify';
import { readContentVersion } from '../content-version.ts';
import { siteStatus, siteVersion } from '../../src/lib/contract/answers.ts';

/**
 * Whether a change is live on the public site yet: the console asks after a save. `content_version`
 * moves with every write; the change is live once `live_version` has reached the version read
 * right after it. Without a rebuild runner in this process (start:api) there is nothing to wait for.
 */
export default async function siteRoutes(app: FastifyInstance) {
  app.get(
    '/site/status/',
    { schema: { tags: ['site'], response: { 200: siteStatus } }, config: { access: ['admin', 'college', 'consultancy', 'university'] } },
    async () => {
      const content_version = await readContentVersion(app.db);
      const status = app.siteStatus();
      return status ? { runner: true, content_version, ...status } : { runner: false, content_version };
    },
  );

  // a number that moves with every write, nothing more: `npm run rebuild` beside a running server
  // builds only when it moved since the served build, and says which version it is
  app.get(
    '/site/version/',
    { schema: { tags: ['site'], response: { 200: siteVersion } }, config: { access: 'public' } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { content_version: await readContentVersion(app.db), live_version: app.siteStatus()?.live_version ?? null };
    },
  );
}
