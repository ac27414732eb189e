/**
 * `npm run build:site`: build the site now, in full, into DATA_DIR/site (a new folder, then an
 * atomic swap of `current`), reading every list from the API again. `npm run rebuild`: only when
 * the content version moved since the last build, and data-only when the code is the one `current`
 * was built from (server/site/rebuild.ts).
 * With API_URL set the pages are read from that API (and build:site always builds). Otherwise, when
 * a running `npm start` or `start:api` owns the embedded database in DATA_DIR, its API is used (never
 * its files: server/db/owner-lock.ts); else the API is started in this process on a free port
 * against DATA_DIR / DATABASE_URL.
 */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { readOwner } from '../db/owner-lock.ts';
import { runCommand } from '../startup.ts';
import { createRebuildRunner } from './rebuild.ts';

const mode = process.argv.includes('--if-changed') ? 'rebuild' : 'build';
const config = loadConfig();
const { siteDir } = config;
const log = (line: string) => console.log(`[site] ${line}`);

/** The API of the live process that owns DATA_DIR's embedded database, if it answers. */
async function runningApi(): Promise<string | undefined> {
  if (config.databaseUrl) return undefined;
  const owner = readOwner(path.join(config.dataDir, 'pg'));
  if (!owner?.api) return undefined;
  const answers = await fetch(`${owner.api}/site-settings/`, { signal: AbortSignal.timeout(5000) }).then(
    (r) => r.ok,
    () => false,
  );
  if (answers) log(`Using the API of the running server (pid ${owner.pid}) at ${owner.api}`);
  return answers ? owner.api : undefined;
}

/**
 * The content version the API reads from its database (a running server owns the embedded one);
 * null when it does not say (an API without the route): then every rebuild counts as a change.
 */
async function versionOf(apiUrl: string): Promise<number | null> {
  const response = await fetch(`${apiUrl}/site/version/`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
  if (!response?.ok) return null;
  return ((await response.json()) as { content_version: number }).content_version;
}

runCommand(async () => {
  let apiUrl = process.env.API_URL ?? (await runningApi());
  let known = true;
  let readVersion = async () => {
    const version = apiUrl ? await versionOf(apiUrl) : null;
    known = version !== null;
    return version ?? Date.now();
  };
  let close = async () => {};
  let lock: ((key: string) => Promise<(() => Promise<void>) | null>) | undefined;

  if (!apiUrl) {
    const { startApi, listen } = await import('../bootstrap.ts');
    const { readContentVersion } = await import('../content-version.ts');
    const api = await startApi({ ...config, port: 0 }, { log });
    apiUrl = `http://127.0.0.1:${await listen(api, { port: 0, host: '127.0.0.1' })}/api`;
    readVersion = () => readContentVersion(api.database.db);
    close = api.close;
    lock = api.database.sessionLock;
  }

  const runner = createRebuildRunner({
    apiUrl,
    siteDir,
    hookUrl: config.rebuildHookUrl,
    readVersion,
    log,
    lock,
    siteUrl: process.env.SITE_URL,
  });
  const started = Date.now();
  // rebuild: when content changed, data-only when the code is unchanged
  const result = mode === 'rebuild' ? await runner.check() : await runner.rebuildNow();
  await close();
  const version = result.version === undefined || !known ? '' : ` (content version ${result.version})`;
  log(`${result.status}${version} in ${((Date.now() - started) / 1000).toFixed(1)} s → ${path.join(siteDir, 'current')}`);
  process.exit(result.status === 'failed' ? 1 : 0);
}, config);
