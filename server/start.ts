import { loadConfig } from './config.ts';
import { lineLog } from './log.ts';
import { closeOnSignals } from './bootstrap.ts';
import { startBehindFront } from './front/threads.ts';
import { startProduct } from './product.ts';
import { assertPortFree, rememberAddress, runCommand } from './startup.ts';

/**
 * `npm start`: API, media and the site from one origin; the site is rebuilt when content changes.
 * On the embedded database the API runs in a thread of its own, behind a front thread that answers
 * what needs no database (server/front); on a PostgreSQL server, one thread does all.
 */
const config = loadConfig();
const say = lineLog(config.production);
runCommand(async () => {
  await assertPortFree(config.port, config.host);
  const served = config.databaseUrl ? await startProduct(config, { say }) : await startBehindFront(config, say);
  const address = rememberAddress(config, served.port);
  say(`Serving ${address}/ (site), /admin/ (console), /api/ (API, reference at /api/docs)`);
  closeOnSignals(served.stop, say);
}, config);
