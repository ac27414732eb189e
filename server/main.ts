import { loadConfig } from './config.ts';
import { lineLog } from './log.ts';
import { closeOnSignals, listen, serveMedia, startApi } from './bootstrap.ts';
import { assertPortFree, rememberAddress, runCommand } from './startup.ts';

/** `npm run start:api`: the API (and local media) alone. */
const config = loadConfig();
runCommand(async () => {
  await assertPortFree(config.port, config.host);
  const api = await startApi(config);
  await serveMedia(api.app, config);
  const port = await listen(api, config);
  const say = lineLog(config.production);
  say(`API on ${rememberAddress(config, port)}/api/ (reference: /api/docs)`);
  closeOnSignals(api.close, say);
}, config);
