import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DatabaseInUseError } from './db/owner-lock.ts';

/**
 * What a user meets when a command cannot start (port taken, database unreachable, a second
 * process on the embedded database...) is one sentence saying what to do, never a stack trace:
 * these are expected conditions, not bugs. Anything not recognised here is a bug and keeps its stack.
 */
export class StartupError extends Error {}

interface ErrorLike {
  code?: string;
  message?: string;
  cause?: unknown;
  address?: string;
  port?: number;
}

/** The error and its causes (drizzle wraps the driver's error in its own). */
function* chain(error: unknown): Generator<ErrorLike> {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as ErrorLike).cause, depth++) yield e as ErrorLike;
}

function databaseName(url: string | undefined) {
  try {
    const parsed = new URL(url ?? '');
    return { where: `${parsed.hostname}:${parsed.port || 5432}`, name: decodeURIComponent(parsed.pathname.slice(1)) || parsed.username };
  } catch {
    return { where: 'DATABASE_URL', name: '' };
  }
}

/** One sentence for an expected start-up failure, or undefined for anything else. */
export function explainStartupError(error: unknown, context: { databaseUrl?: string; port?: number } = {}): string | undefined {
  const db = databaseName(context.databaseUrl);
  for (const e of chain(error)) {
    if (e instanceof StartupError || e instanceof DatabaseInUseError) return e.message;
    switch (e.code) {
      case 'EADDRINUSE':
        return `Port ${e.port ?? context.port} is already in use (another npm start?): stop that process, or set PORT to a free port.`;
      case 'EACCES':
        if (e.port !== undefined)
          return `Not allowed to listen on port ${e.port}: ports below 1024 need privileges; set PORT to 1024 or above.`;
        break;
      case 'ECONNREFUSED':
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
      case 'ETIMEDOUT':
      case 'EHOSTUNREACH':
      case 'CONNECT_TIMEOUT':
        return `Cannot reach the PostgreSQL server at ${db.where} (DATABASE_URL): is it running, and are the host and port right?`;
      case '28P01':
      case '28000':
        return `The PostgreSQL server at ${db.where} refused the user name or password in DATABASE_URL: fix them there.`;
      case '3D000':
        return `The database "${db.name}" does not exist on the PostgreSQL server at ${db.where}: create it (createdb ${db.name}) or fix DATABASE_URL.`;
      case 'ERR_INVALID_URL':
        return 'DATABASE_URL is not a valid URL: it looks like postgres://user:password@host:5432/database.';
    }
  }
  return undefined;
}

/**
 * Runs a command's body: an expected failure prints its one sentence and exits 1; anything else
 * is a bug and is printed whole.
 */
export function runCommand(main: () => Promise<void>, context: { databaseUrl?: string; port?: number } = {}) {
  main().catch((error: unknown) => {
    const sentence = explainStartupError(error, context);
    console.error(sentence ?? error);
    process.exit(1);
  });
}

/**
 * Fails fast, before the database is opened and migrated, when the port is taken: the user learns
 * it in a second instead of after the migrations and the seed. listen() still reports a port taken
 * in between.
 */
export async function assertPortFree(port: number, host: string) {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

const ADDRESS_FILE = 'address';

/**
 * Where people open the site: SITE_URL, else this machine on the port the server listens on. Kept
 * in DATA_DIR by the server, so commands run later (create-admin) name the address it really used,
 * not the default port.
 */
export function rememberAddress(config: { siteUrl?: string; dataDir: string }, port: number): string {
  const address = config.siteUrl ?? `http://localhost:${port}`;
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(path.join(config.dataDir, ADDRESS_FILE), address);
  return address;
}

/** SITE_URL, else the address the server last served this DATA_DIR on, else the configured port's. */
export function siteAddress(config: { siteUrl?: string; dataDir: string; port: number }): string {
  if (config.siteUrl) return config.siteUrl;
  try {
    return fs.readFileSync(path.join(config.dataDir, ADDRESS_FILE), 'utf8').trim() || `http://localhost:${config.port}`;
  } catch {
    return `http://localhost:${config.port}`;
  }
}
