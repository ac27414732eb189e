import type { Config } from './config.ts';
import { listen, serveMedia, startApi, type ListenAt } from './bootstrap.ts';
import { onContentChange, readContentVersion } from './content-version.ts';
import type { FrontFeed } from './plugins/front-feed.ts';
import { serveSite, siteNotFound } from './site-files.ts';
import { createRebuildRunner } from './site/rebuild.ts';

export interface Served {
  port: number;
  stop(): Promise<void>;
}

export interface ProductOptions {
  say: (line: string) => void;
  front?: FrontFeed;
  listenAt?: ListenAt;
  /** false: serve the site as built, never rebuild it (the e2e server, which builds it once itself) */
  rebuild?: boolean;
}

/** What `npm start` serves: the API, media and the site from one server, the site rebuilt when content changes. */
export async function startProduct(config: Config, options: ProductOptions): Promise<Served> {
  const { siteDir } = config;
  // the runner needs the API's port, the API its status: it is filled in once the runner exists
  let runner: ReturnType<typeof createRebuildRunner> | undefined;
  const api = await startApi(config, { notFound: siteNotFound(siteDir), siteStatus: () => runner?.status() ?? null, front: options.front });
  await serveMedia(api.app, config);
  await serveSite(api.app, siteDir);
  const port = await listen(api, options.listenAt ?? config);
  if (options.rebuild === false) return { port, stop: api.close };
  runner = createRebuildRunner({
    apiUrl: `http://127.0.0.1:${port}/api`,
    siteDir,
    hookUrl: config.rebuildHookUrl,
    readVersion: () => readContentVersion(api.database.db),
    // instances sharing SITE_DIR on one PostgreSQL: one of them builds each version, the others serve it
    lock: api.database.sessionLock,
    log: (line: string) => options.say(`[site] ${line}`),
    // the next data-only rebuild's renderer waits loaded: a content change then costs only its pages
    standby: true,
  });
  runner.start();
  // a write in this process starts a rebuild at once; writes elsewhere are found by the runner's poll
  const unsubscribe = onContentChange(() => runner?.notify());
  return {
    port,
    async stop() {
      unsubscribe();
      await runner?.stop();
      await api.close();
    },
  };
}
