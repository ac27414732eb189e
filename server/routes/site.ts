import type { FastifyInstance } from 'fastify';
import { readContentVersion } from '../content-version.ts';
import { siteStatus } from '../../src/lib/contract/answers.ts';

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
}
