import { loadConfig } from './config.ts';
import { closeOnSignals, serveMedia, startApi } from './bootstrap.ts';

/** `npm run start:api`: the API (and local media) alone. */
const config = loadConfig();
const api = await startApi(config);
await serveMedia(api.app, config);
await api.app.listen({ port: config.port, host: config.host });
console.log(`API on http://localhost:${config.port}/api/ (reference: /api/docs)`);
closeOnSignals(api.close);
