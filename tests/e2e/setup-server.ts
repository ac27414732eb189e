/**
 * The e2e server (spawned by tests/e2e/setup.ts): the API on DATA_DIR with the demo seed, plus the
 * built site from SITE_DIR/current, from one port, exactly as `npm start` serves them but without
 * the rebuild runner. Prints `READY <port>` once listening.
 */
import { loadConfig } from '../../server/config.ts';
import { serveMedia, startApi } from '../../server/bootstrap.ts';
import { serveSite, siteNotFound } from '../../server/site-files.ts';

const config = loadConfig();
const { siteDir } = config;
const api = await startApi(config, { notFound: siteNotFound(siteDir), log: () => {} });
await serveMedia(api.app, config);
await serveSite(api.app, siteDir);
await api.app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = api.app.server.address();
console.log(`READY ${typeof address === 'object' && address ? address.port : ''}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void api.close().finally(() => process.exit(0)));
