/**
 * `npm run build:site`: build the site now, in full, into DATA_DIR/site (a new folder, then an
 * atomic swap of `current`), reading every list from the API again. `npm run rebuild`: only when
 * the content version moved since the last build, and data-only when the code is the one `current`
 * was built from (server/site/rebuild.ts).
 * With API_URL set the pages are read from that API (and build:site always builds); otherwise the
 * API is started in this process on a free port against DATA_DIR / DATABASE_URL. Do not point it at
 * a PGlite DATA_DIR that a running `npm start` holds: that process already rebuilds by itself.
 */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { createRebuildRunner } from './rebuild.ts';

const mode = process.argv.includes('--if-changed') ? 'rebuild' : 'build';
const config = loadConfig();
const siteDir = path.resolve(process.env.SITE_DIR ?? path.join(config.dataDir, 'site'));
const log = (line: string) => console.log(`[site] ${line}`);

let apiUrl = process.env.API_URL;
let readVersion: () => Promise<number> = async () => Date.now();
let close = async () => {};

if (!apiUrl) {
  const { startApi } = await import('../bootstrap.ts');
  const { readContentVersion } = await import('../content-version.ts');
  const api = await startApi({ ...config, port: 0 }, { log });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const address = api.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  apiUrl = `http://127.0.0.1:${port}/api`;
  readVersion = () => readContentVersion(api.database.db);
  close = api.close;
}

const runner = createRebuildRunner({ apiUrl, siteDir, hookUrl: config.rebuildHookUrl, readVersion, log, siteUrl: process.env.SITE_URL });
const started = Date.now();
// rebuild: at most once a minute, data-only when the code is unchanged (with API_URL the content
// version is unknown, so it counts as changed)
const result = mode === 'rebuild' ? await runner.check() : await runner.rebuildNow();
await close();
log(`${result.status}${result.version !== undefined ? ` (content version ${result.version})` : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s → ${path.join(siteDir, 'current')}`);
process.exit(result.status === 'failed' ? 1 : 0);
