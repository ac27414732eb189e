import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, scratchDatabase } from './helpers.ts';
import { startInbox, type Inbox } from './inbox.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// tsx's loader in this very process: its CLI would run the server in a child that SIGKILL of the CLI leaves running
const TSX_LOADER = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const LEASE_SECONDS = 3;

/** `npm run start:api` as a real process of its own, on the given database; resolves with its port once it listens. */
function startServer(env: Record<string, string>, logFile: string): Promise<{ child: ChildProcess; port: number }> {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', TSX_LOADER, path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      JWT_SECRET: 'kill-test-'.padEnd(40, 'x'),
      LOG_LEVEL: 'warn',
      OUTBOX_POLL_MS: '100',
      OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
      ...env,
    },
    stdio: ['ignore', 'pipe', log],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s; see ${logFile}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/API on http:\/\/localhost:(\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]) });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}; see ${logFile}`));
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/**
 * At least once, never lost, never twice, with real processes: a server is killed with SIGKILL while
 * it waits on a stalled SMTP server mid-delivery, with more messages committed behind it; a second
 * server on the same database delivers every one of them, each exactly once by its key.
 */
describe.each(engines)('outbox delivery across kill -9 on %s', (engine) => {
  let inbox: Inbox;
  let dataDir: string;
  let env: Record<string, string>;
  let dropDatabase = async () => {};
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    inbox = await startInbox();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-kill-'));
    env = { DATA_DIR: dataDir, SMTP_URL: inbox.url };
    if (engine === 'postgres') {
      const scratch = await scratchDatabase('test');
      env.DATABASE_URL = scratch.url;
      dropDatabase = scratch.drop;
    }
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await inbox.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers every committed message exactly once after the delivering server is killed', { timeout: 150_000 }, async () => {
    const logFile = path.join(dataDir, 'server.log');
    inbox.mode = 'stall';
    const first = await startServer(env, logFile);
    children.push(first.child);
    const stalled = inbox.stalled();
    const addresses = Array.from({ length: 5 }, (_, i) => `killed-${i}-${crypto.randomBytes(3).toString('hex')}@example.com`);
    for (const email of addresses) {
      const res = await fetch(`http://127.0.0.1:${first.port}/api/auth/register/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'monsoon-yak-47', first_name: 'Asha' }),
      });
      expect(res.status).toBe(202);
    }
    // the first message's data is at the SMTP server, which never answers: the worker waits mid-delivery
    await stalled;
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(() => process.kill(first.child.pid!, 0)).toThrow();
    expect(inbox.all).toHaveLength(0);

    inbox.mode = 'accept';
    const second = await startServer(env, logFile);
    children.push(second.child);
    // the killed worker's claim holds until its lease runs out; then everything arrives (bounded wait)
    const deadline = Date.now() + 30_000 + LEASE_SECONDS * 1000;
    while (new Set(inbox.all.map((m) => m.to)).size < addresses.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    // and nothing more comes after a further lease and a few polls
    await new Promise((r) => setTimeout(r, LEASE_SECONDS * 1000 + 500));
    expect(inbox.all.map((m) => m.to).sort()).toEqual([...addresses].sort());
    const keys = inbox.all.map((m) => m.key);
    expect(new Set(keys).size).toBe(addresses.length);
    for (const mail of inbox.all) expect(mail.subject).toBe('Confirm your email to finish creating your account');

    second.child.kill('SIGTERM');
    await exited(second.child);
  });
});
