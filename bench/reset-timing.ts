/**
 * `npx tsx bench/reset-timing.ts`: does a password-reset request take as long for an address with
 * an account as for one without (issue 28: 5.3 ms against 3.1 ms, 96% of samples apart)?
 * In-process (inject) on an in-memory PGlite with the outbox worker off; known and unknown requests
 * alternate, each address used once (the per-account limit), after a warm-up. Prints the medians,
 * the share of known requests slower than the unknown one beside them, and writes
 * bench/results/reset-timing.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../server/site/rebuild.ts';
import { buildTestApp, createUser, freshIp } from '../tests/api/helpers.ts';

const SAMPLES = Number(process.argv[2] ?? 200);
const WARM_UP = 20;
const t = await buildTestApp('pglite', { env: { OUTBOX_WORKER: 'off' } });
const known = [];
for (let i = 0; i < SAMPLES + WARM_UP; i++) known.push((await createUser(t.database.db, 'student')).email);

async function timed(email: string) {
  const started = process.hrtime.bigint();
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/', payload: { email }, remoteAddress: freshIp() });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.statusCode !== 202) throw new Error(`answered ${res.statusCode}`);
  // the deferred work (if any) is done before the next sample, so it never lands in another's time
  await t.app.later?.settled();
  return ms;
}

const times = { known: [] as number[], unknown: [] as number[] };
for (let i = 0; i < SAMPLES + WARM_UP; i++) {
  const k = await timed(known[i]!);
  const u = await timed(`nobody-${i}@example.com`);
  if (i < WARM_UP) continue;
  times.known.push(k);
  times.unknown.push(u);
}
await t.close();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const knownSlower = times.known.filter((k, i) => k > times.unknown[i]!).length / SAMPLES;
const result = {
  samples: SAMPLES,
  median_known_ms: Number(median(times.known).toFixed(3)),
  median_unknown_ms: Number(median(times.unknown).toFixed(3)),
  known_slower_share: Number(knownSlower.toFixed(3)),
};
console.log(result);
fs.writeFileSync(path.join(PROJECT_ROOT, 'bench/results/reset-timing.json'), `${JSON.stringify(result, null, 2)}\n`);
