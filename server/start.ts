import { loadConfig } from './config.ts';
import { lineLog } from './log.ts';
import { closeOnSignals, listen, serveMedia, startApi } from './bootstrap.ts';
import { onContentChange, readContentVersion } from './content-version.ts';
import { serveSite, siteNotFound } from './site-files.ts';
import { createRebuildRunner } from './site/rebuild.ts';
import { assertPortFree, rememberAddress, runCommand } from './startup.ts';

/** `npm start`: API, media and the site from one origin; the site is rebuilt when content changes. */
const config = loadConfig();
const say = lineLog(config.production);
runCommand(async () => {
  await assertPortFree(config.port, config.host);
  const { siteDir } = config;
  // the runner needs the API's port, the API its status: it is filled in once the runner exists
  let runner: ReturnType<typeof createRebuildRunner> | undefined;
  const api = await startApi(config, { notFound: siteNotFound(siteDir), siteStatus: () => runner?.status() ?? null });
  await serveMedia(api.app, config);
  await serveSite(api.app, siteDir);
  const port = await listen(api, config);
  const address = rememberAddress(config, port);
  say(`Serving ${address}/ (site), /admin/ (console), /api/ (API, reference at /api/docs)`);

  runner = createRebuildRunner({
    apiUrl: `http://127.0.0.1:${port}/api`,
    siteDir,
    hookUrl: config.rebuildHookUrl,
    readVersion: () => readContentVersion(api.database.db),
    // instances sharing SITE_DIR on one PostgreSQL: one of them builds each version, the others serve it
    lock: api.database.sessionLock,
    log: (line: string) => say(`[site] ${line}`),
    // the next data-only rebuild's renderer waits loaded: a content change then costs only its pages
    standby: true,
  });
  runner.start();
  // a write in this process starts a rebuild at once; writes elsewhere are found by the runner's poll
  const unsubscribe = onContentChange(() => runner?.notify());
  closeOnSignals(async () => {
    unsubscribe();
    await runner?.stop();
    await api.close();
  }, say);
}, config);
