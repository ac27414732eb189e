import { parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from '../config.ts';
import { lineLog } from '../log.ts';
import { startProduct } from '../product.ts';
import { explainStartupError } from '../startup.ts';
import { oneHopMore } from './front.ts';
import { KindBoard } from './kind-board.ts';
import { FrontTally } from './tally.ts';
import { countFrontAnswers } from '../ops/metrics.ts';
import type { BackData, BackMessage } from './threads.ts';

/** The back thread of `npm start` on PGlite (threads.ts): the product on a loopback port, feeding the front. */
const port = parentPort!;
const post = (message: BackMessage) => port.postMessage(message);
const data = workerData as BackData;
const board = new KindBoard(data.board);
const tally = new FrontTally(data.tally);
countFrontAnswers(() => tally.read());
const configured = loadConfig();
// reached only through the front, which appends the caller's address to X-Forwarded-For
const config = { ...configured, trustProxy: oneHopMore(configured.trustProxy) };
try {
  const served = await startProduct(config, {
    say: lineLog(config.production),
    listenAt: { port: 0, host: '127.0.0.1', role: 'The API thread (behind the front) is' },
    rebuild: data.rebuild,
    front: { answer: (answer) => post({ type: 'answer', answer }), versions: (versions) => board.raise(versions) },
  });
  port.once('message', () => void served.stop().finally(() => process.exit(0)));
  post({ type: 'ready', port: served.port });
} catch (error) {
  const sentence = explainStartupError(error, config);
  post({ type: 'failed', message: sentence ?? String((error as Error).stack ?? error), expected: sentence !== undefined });
}
