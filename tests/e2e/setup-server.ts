/**
 * The e2e server (spawned by tests/e2e/setup.ts): the product on DATA_DIR with the demo seed, the
 * built site from SITE_DIR/current, from one port, exactly as `npm start` serves them on the
 * embedded database (the front thread, and the API's thread behind it: server/front) but without
 * the rebuild runner. Prints `READY <port>` once listening.
 */
import { loadConfig } from '../../server/config.ts';
import { startBehindFront } from '../../server/front/threads.ts';

const served = await startBehindFront(loadConfig(), () => {}, { rebuild: false });
console.log(`READY ${served.port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void served.stop().finally(() => process.exit(0)));
