import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password.ts';
import { openDatabase, type Database } from '../../server/db/index.ts';
import { users } from '../../server/db/schema/index.ts';
import { acquireOwnerLock, DatabaseInUseError, readOwner } from '../../server/db/owner-lock.ts';
import { PROJECT_ROOT } from '../../server/site/rebuild.ts';
import { explainStartupError } from '../../server/startup.ts';

/**
 * The commands a user runs, run as the user runs them (a process each, on a real embedded database
 * in a folder): a second process never opens a database that another one owns, and every expected
 * start-up failure is one sentence on stderr, never a stack trace or PGlite's minified source.
 */

const temp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** Runs a command as one process (node --import tsx, not tsx's wrapper, so its pid is the one that owns). */
function command(script: string, env: Record<string, string>, args: string[] = [], stdio: 'pipe' | 'ignore' = 'pipe') {
  return spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, script), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', stdio, 'pipe'],
  });
}

function run(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = command(script, env, args);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr: stderr.trim() })));
}

/** One line, no stack frames, nothing minified. */
function expectOneSentence(stderr: string, pattern: RegExp) {
  expect(stderr.split('\n')).toHaveLength(1);
  expect(stderr).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at |Error:/);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startApi(dataDir: string, port: number): Promise<ChildProcess> {
  const child = command('server/main.ts', { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('API on')) resolve(child);
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`start:api exited with ${code}: ${out}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));

// Each test starts real processes that open PGlite: a minute or more when CI runs other files beside it.
const SPAWNS = { timeout: 180_000 };

describe('one process owns an embedded database', SPAWNS, () => {
  const dataDir = temp('owner-');
  let port: number;
  let server: ChildProcess;

  beforeAll(async () => {
    port = await freePort();
    server = await startApi(dataDir, port);
  }, 300_000);

  afterAll(async () => {
    server.kill('SIGKILL');
    await exited(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the running server announces its API beside the database folder', () => {
    expect(readOwner(path.join(dataDir, 'pg'))).toMatchObject({ pid: server.pid, api: `http://127.0.0.1:${port}/api` });
  });

  it('seed, create-admin and a second server refuse to open it, in one sentence, and the server keeps working', async () => {
    const inUse = new RegExp(
      `^The embedded database in .*pg is in use by another process \\(pid ${server.pid}, serving http://127.0.0.1:${port}/\\): stop it first`,
    );
    const seed = await run('server/db/seed/cli.ts', { DATA_DIR: dataDir });
    expect(seed.status).toBe(1);
    expectOneSentence(seed.stderr, inUse);
    const admin = await run('server/create-admin.ts', { DATA_DIR: dataDir, ADMIN_PASSWORD: 'a-Long-pass-2026' }, [
      '--email',
      'boss@example.org',
    ]);
    expect(admin.status).toBe(1);
    expectOneSentence(admin.stderr, inUse);
    const second = await run('server/main.ts', { DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(second.status).toBe(1);
    expectOneSentence(second.stderr, inUse);

    const response = await fetch(`http://127.0.0.1:${port}/api/destination/`);
    expect(response.status).toBe(200);
    expect((await response.json()).count).toBeGreaterThan(0);
  });

  it("build:site uses the running server's API instead of the files", async () => {
    // a deploy hook stands in for the build: the point is which API the command reads and that it does not open the files
    const hooked: string[] = [];
    const hook = http.createServer((request, response) => {
      hooked.push(request.method!);
      response.end('ok');
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    try {
      const result = await run('server/site/build-cli.ts', {
        DATA_DIR: dataDir,
        REBUILD_HOOK_URL: `http://127.0.0.1:${(hook.address() as net.AddressInfo).port}/`,
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(`Using the API of the running server (pid ${server.pid}) at http://127.0.0.1:${port}/api`);
      expect(hooked).toEqual(['POST']);
    } finally {
      hook.close();
    }
  });

  it('a port in use is said before any database is opened', async () => {
    const other = temp('port-');
    const result = await run('server/main.ts', { DATA_DIR: other, PORT: String(port), HOST: '127.0.0.1' });
    expect(result.status).toBe(1);
    expectOneSentence(result.stderr, new RegExp(`^Port ${port} is already in use .*set PORT to a free port\\.$`));
    expect(fs.existsSync(path.join(other, 'pg'))).toBe(false);
    fs.rmSync(other, { recursive: true, force: true });
  });

  it('after kill -9 of the owner the next command takes the stale lock over', async () => {
    server.kill('SIGKILL');
    await exited(server);
    const seed = await run('server/db/seed/cli.ts', { DATA_DIR: dataDir });
    expect(seed.stderr).toBe('');
    expect(seed.stdout).toContain('The database already has content');
    expect(seed.status).toBe(0);
    expect(fs.existsSync(`${path.join(dataDir, 'pg')}.lock`)).toBe(false);
  });

  it("damaged database files are said in one sentence, without PGlite's source", async () => {
    fs.writeFileSync(path.join(dataDir, 'pg', 'global', 'pg_control'), '');
    const result = await run('server/db/seed/cli.ts', { DATA_DIR: dataDir });
    expect(result.status).toBe(1);
    expectOneSentence(result.stderr, /^The embedded database in .*pg cannot be opened: its files are damaged/);
  });
});

describe('owner lock', () => {
  it('refuses a second owner in this process and takes over a lock whose process is gone', () => {
    const dir = path.join(temp('lock-'), 'pg');
    const lock = acquireOwnerLock(dir);
    expect(() => acquireOwnerLock(dir)).toThrow(DatabaseInUseError);
    lock.release();
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: dead, started: new Date().toISOString(), api: 'http://127.0.0.1:1/api' }));
    expect(readOwner(dir)).toBeUndefined();
    const next = acquireOwnerLock(dir);
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    next.release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });
});

describe('start-up failures in one sentence', SPAWNS, () => {
  it('production without JWT_SECRET stops before anything is migrated', async () => {
    const dataDir = temp('prod-');
    const result = await run('server/main.ts', { DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: '', PORT: '0' });
    expect(result.status).toBe(1);
    expectOneSentence(result.stderr, /^JWT_SECRET must be set when NODE_ENV=production/);
    expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
  });

  it('an unreachable PostgreSQL server', async () => {
    const result = await run('server/main.ts', { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test', PORT: '0' });
    expect(result.status).toBe(1);
    expectOneSentence(result.stderr, /^Cannot reach the PostgreSQL server at 127\.0\.0\.1:1 \(DATABASE_URL\)/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('a database missing on the PostgreSQL server', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = '/no_such_database_here';
    const result = await run('server/main.ts', { DATABASE_URL: url.toString(), PORT: '0' });
    expect(result.status).toBe(1);
    expectOneSentence(
      result.stderr,
      /^The database "no_such_database_here" does not exist on the PostgreSQL server .*createdb no_such_database_here/,
    );
  });

  it('wrong credentials, a bad URL, and errors wrapped by the ORM', () => {
    const databaseUrl = 'postgres://app:secret@db.internal:6543/app';
    expect(explainStartupError(Object.assign(new Error('password authentication failed'), { code: '28P01' }), { databaseUrl })).toBe(
      'The PostgreSQL server at db.internal:6543 refused the user name or password in DATABASE_URL: fix them there.',
    );
    const wrapped = new Error('Failed query', { cause: Object.assign(new Error('no such database'), { code: '3D000' }) });
    expect(explainStartupError(wrapped, { databaseUrl })).toMatch(/^The database "app" does not exist/);
    expect(explainStartupError(Object.assign(new TypeError('Invalid URL'), { code: 'ERR_INVALID_URL' }), {})).toMatch(
      /^DATABASE_URL is not a valid URL/,
    );
    expect(explainStartupError(new Error('a bug'))).toBeUndefined();
  });
});

describe('create-admin', SPAWNS, () => {
  async function accountIn(database: Database, email: string) {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    return row && { role: row.role, active: row.active, passwordOk: (password: string) => verifyPassword(row.password_hash, password) };
  }

  it('creates an admin on the embedded database, then makes it an admin again with a new password', async () => {
    const dataDir = temp('admin-');
    const created = await run(
      'server/create-admin.ts',
      { DATA_DIR: dataDir, ADMIN_PASSWORD: 'a-Long-pass-2026', NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) },
      ['--email', 'Boss@Example.org'],
    );
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('Created the admin account boss@example.org.');
    const again = await run('server/create-admin.ts', { DATA_DIR: dataDir, ADMIN_PASSWORD: 'another-Long-pass-2026' }, [
      '--email',
      'boss@example.org',
    ]);
    expect(again.stdout).toContain('boss@example.org is now an active admin with the new password');
    const weak = await run('server/create-admin.ts', { DATA_DIR: dataDir, ADMIN_PASSWORD: 'short' }, ['--email', 'boss@example.org']);
    expect(weak.status).toBe(1);
    expectOneSentence(weak.stderr, /^Nothing was changed: password: /);
    const noTerminal = await run('server/create-admin.ts', { DATA_DIR: dataDir, ADMIN_PASSWORD: '' }, ['--email', 'boss@example.org']);
    expectOneSentence(noTerminal.stderr, /^Set ADMIN_PASSWORD/);

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
    try {
      const account = await accountIn(database, 'boss@example.org');
      expect(account).toMatchObject({ role: 'admin', active: true });
      expect(await account!.passwordOk('another-Long-pass-2026')).toBe(true);
      expect(await database.db.$count(users)).toBe(1);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('creates an admin on a PostgreSQL server', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = `admin_${process.pid}_${Date.now()}`;
    const server = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await server.unsafe(`CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    try {
      const created = await run('server/create-admin.ts', { DATABASE_URL: url.toString(), ADMIN_PASSWORD: 'a-Long-pass-2026' }, [
        '--email',
        'boss@example.org',
      ]);
      expect(created.stderr).toBe('');
      const database = await openDatabase({ url: url.toString(), poolSize: 1 });
      try {
        expect(await accountIn(database, 'boss@example.org')).toMatchObject({ role: 'admin', active: true });
      } finally {
        await database.close();
      }
    } finally {
      await server.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await server.end();
    }
  });
});
