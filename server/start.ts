import path from 'node:path';
import { loadConfig } from './config.ts';
import { closeOnSignals, listen, serveMedia, startApi } from './bootstrap.ts';
import { readContentVersion } from './content-version.ts';
import { serveSite, siteNotFound } from './site-files.ts';
import { createRebuildRunner } from './site/rebuild.ts';
import { assertPortFree, runCommand } from './startup.ts';

/** `npm start`: API, media and the site from one origin; the site is rebuilt when content changes. */
const config = loadConfig();
runCommand(
  async () => {
    await assertPortFree(config.port, config.host);
    const siteDir = path.join(config.dataDir, 'site');
    const api = await startApi(config, { notFound: siteNotFound(siteDir) });
    await serveMedia(api.app, config);
    await serveSite(api.app, siteDir);
    const port = await listen(api, config);
    console.log(`Serving http://localhost:${port}/ (site), /admin/ (console), /api/ (API, reference at /api/docs)`);

    const runner = createRebuildRunner({
      apiUrl: `http://127.0.0.1:${port}/api`,
      siteDir,
      hookUrl: config.rebuildHookUrl,
      readVersion: () => readContentVersion(api.database.db),
      log: (line: string) => console.log(`[site] ${line}`),
      // the next data-only rebuild's renderer waits loaded: a content change then costs only its pages
      standby: true,
    });
    runner.start();
    closeOnSignals(async () => {
      await runner.stop();
      await api.close();
    });
  },
  config,
);
