import { Worker } from 'node:worker_threads';
import type { Config } from '../config.ts';
import type { Served } from '../product.ts';
import { StartupError } from '../startup.ts';
import { FrontAnswers, type PostedAnswer } from './front-answers.ts';
import { buildFront } from './front.ts';
import { KindBoard } from './kind-board.ts';
import { FrontTally } from './tally.ts';

/** What the back thread says to the front. */
export type BackMessage =
  { type: 'ready'; port: number } | { type: 'failed'; message: string; expected: boolean } | { type: 'answer'; answer: PostedAnswer };

/** What the front thread passes the back at its start. */
export interface BackData {
  board: SharedArrayBuffer;
  tally: SharedArrayBuffer;
  rebuild: boolean;
}

/**
 * The product in two threads (npm start on PGlite): the back (back.ts) runs the API, the database
 * and the rebuild runner on a loopback port; this thread listens on PORT and is the front
 * (front.ts). Answers the front's port and a stop that closes the front, then the back.
 */
export async function startBehindFront(config: Config, say: (line: string) => void, options: { rebuild?: boolean } = {}): Promise<Served> {
  const board = new KindBoard();
  const answers = new FrontAnswers(board, config.publicCacheMb * 1024 * 1024);
  const tally = new FrontTally();
  const data: BackData = { board: board.buffer, tally: tally.buffer, rebuild: options.rebuild ?? true };
  const back = new Worker(new URL('./back.ts', import.meta.url), { workerData: data, execArgv: ['--import', 'tsx'] });
  let started = false;
  let stopping = false;
  const backPort = await new Promise<number>((resolve, reject) => {
    back.on('message', (message: BackMessage) => {
      if (message.type === 'answer') answers.keep(message.answer);
      else if (message.type === 'ready') {
        started = true;
        resolve(message.port);
      } else reject(message.expected ? new StartupError(message.message) : new Error(message.message));
    });
    // before the start, runCommand prints what failed; after it, this does, and the exit below follows
    back.on('error', (err) => (started ? console.error(err) : reject(err)));
    back.once('exit', (code) => {
      if (stopping) return;
      if (!started) return reject(new Error(`The API thread stopped (exit code ${code}) before it was ready.`));
      // nothing can be served without it: a process manager starts the whole anew
      say(`The API thread stopped (exit code ${code}): stopping.`);
      process.exit(1);
    });
  });
  const front = await buildFront(config, `http://127.0.0.1:${backPort}`, answers, tally);
  await front.listen({ port: config.port, host: config.host });
  const address = front.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : config.port,
    async stop() {
      await front.close();
      stopping = true;
      const exited = new Promise((resolve) => back.once('exit', resolve));
      back.postMessage('stop');
      await exited;
    },
  };
}
