import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/site/rebuild.ts';

/**
 * `npm start` as a process manager or a terminal runs it, stopped by SIGTERM or SIGINT sent to npm:
 * the whole tree (npm, the server, the site's renderer, a build under way) is gone within 10 s, a
 * request under way is answered, the port is free and the embedded database's lock released. The
 * first start builds the site (~30 s); the second reuses its DATA_DIR.
 */
const STOP_WITHIN_MS = 10_000;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The processes of a process group (npm started as its leader): reparented ones too. */
function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    // fields after the command's closing parenthesis: state, ppid, pgrp
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(Number(entry));
  }
  return members;
}

function readStat(pid: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return ') X 0 0'; // gone meanwhile
  }
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

interface Started {
  npm: ChildProcess;
  output: () => string;
}

function startNpm(dataDir: string, port: number): Started {
  let output = '';
  const npm = spawn('npm', ['start'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development', LOG_LEVEL: 'info' },
    // its own process group, as a terminal or a process manager gives it: the test finds every descendant by it
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { npm, output: () => output };
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms: number, started: Started) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not happen within ${ms / 1000} s:\n${started.output()}`);
}

/**
 * A request the server is in the middle of: its headers and half its body are sent; the rest comes
 * once the signal was sent. Resolves with the status line of the answer (or what ended it).
 */
function requestInFlight(port: number) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
  const socket = net.connect(port, '127.0.0.1');
  const answer = new Promise<string>((resolve) => {
    let got = '';
    socket.on('data', (chunk) => (got += chunk.toString()));
    socket.on('close', () => resolve(got.split('\r\n')[0] ?? ''));
    socket.on('error', (err) => resolve(`error: ${err.message}`));
  });
  const sent = new Promise<void>((resolve) => socket.once('connect', resolve)).then(() =>
    socket.write(
      `POST /api/auth/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    ),
  );
  return { sent, finish: () => socket.write(body.slice(10)), answer };
}

describe('stopping npm start', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stop-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to npm stops the whole tree within 10 s, answering the request under way`, { timeout: 240_000 }, async () => {
      const port = await freePort();
      const started = startNpm(dataDir, port);
      const pgid = started.npm.pid!;
      try {
        // ready: the site is built (the first time) and served, with the renderer kept for the next rebuild
        const built = () => fs.existsSync(path.join(dataDir, 'site', 'current', '404.html'));
        await until('the site built and served', () => built() && started.output().includes('Serving'), 180_000, started);
        const tree = groupMembers(pgid);
        expect(tree.length, 'npm, the server and its children').toBeGreaterThanOrEqual(2);
        expect(fs.existsSync(path.join(dataDir, 'pg.lock'))).toBe(true);

        // answering already (a connection still in the listen backlog when the server closes is a new one, refused)
        expect((await fetch(`http://127.0.0.1:${port}/api/site/version/`)).status).toBe(200);
        const inFlight = requestInFlight(port);
        await inFlight.sent;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const signalled = Date.now();
        process.kill(pgid, signal);
        await new Promise((resolve) => setTimeout(resolve, 500));
        inFlight.finish();
        expect(await inFlight.answer).toMatch(/^HTTP\/1\.1 401/);

        await until('every process of the tree gone', () => groupMembers(pgid).length === 0, STOP_WITHIN_MS + 5000, started);
        const stoppedIn = Date.now() - signalled;
        expect(stoppedIn, started.output()).toBeLessThan(STOP_WITHIN_MS);
        expect(await portFree(port)).toBe(true);
        expect(fs.existsSync(path.join(dataDir, 'pg.lock')), 'the embedded database lock released').toBe(false);
        expect(started.output()).toContain('Stopped.');
        // development: plain lines only, the server's log (the mails kept for the Outbox) included
        expect(
          started
            .output()
            .split('\n')
            .filter((line) => line.startsWith('{')),
        ).toEqual([]);
      } finally {
        for (const pid of groupMembers(pgid)) process.kill(pid, 'SIGKILL');
      }
    });
  }
});
