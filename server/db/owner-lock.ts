import fs from 'node:fs';
import path from 'node:path';

/**
 * One process at a time owns an embedded (PGlite) database folder: two processes writing the same
 * PGlite files damage them for good. The owner keeps `<dir>.lock` (beside the folder, so PGlite
 * never sees it) holding its pid and, once it listens, the address of its API, so a second process
 * (build:site, rebuild) can use that API instead of the files. A lock whose pid is gone (kill -9,
 * power cut) is stale and taken over.
 */
export interface OwnerInfo {
  pid: number;
  /** the owner's API, e.g. http://127.0.0.1:4321/api, once it listens */
  api?: string;
  started: string;
}

export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: OwnerInfo,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${owner.pid}${owner.api ? `, serving ${owner.api.replace(/\/api$/, '/')}` : ''}): ` +
        'stop it first (or give this command another DATA_DIR), since two processes on one embedded database damage it.',
    );
  }
}

export interface OwnerLock {
  /** records where this process serves the API, for the next process to find */
  announce(api: string): void;
  release(): void;
}

const lockPath = (dir: string) => `${path.resolve(dir)}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live owner of `dir`, or undefined when nobody (or a dead process) holds it. */
export function readOwner(dir: string): OwnerInfo | undefined {
  const owner = readOwnerFile(lockPath(dir));
  return owner && owner.pid !== process.pid && alive(owner.pid) ? owner : undefined;
}

function readOwnerFile(file: string): OwnerInfo | undefined {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as OwnerInfo;
    return Number.isInteger(owner.pid) ? owner : undefined;
  } catch {
    // absent, or half-written by a process that died while writing it
    return undefined;
  }
}

/** Takes `dir` for this process, or throws DatabaseInUseError naming the live owner. */
export function acquireOwnerLock(dir: string): OwnerLock {
  const file = lockPath(dir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const info: OwnerInfo = { pid: process.pid, started: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      // 'wx': created only if absent, so of two processes starting together exactly one wins
      fs.writeFileSync(file, JSON.stringify(info), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
      const owner = readOwner(dir);
      if (owner) throw new DatabaseInUseError(dir, owner);
      // stale: its pid is gone. Move it aside and look at what was moved: if another process took
      // the lock over in the meantime, that is its live lock, which goes back.
      const aside = `${file}.stale-${process.pid}`;
      try {
        fs.renameSync(file, aside);
      } catch {
        continue; // another process moved it first: look again
      }
      const moved = readOwnerFile(aside);
      if (moved && alive(moved.pid)) {
        try {
          fs.linkSync(aside, file);
        } catch {
          // a third process holds it now: it will be named on the next look
        }
        fs.rmSync(aside, { force: true });
        throw new DatabaseInUseError(dir, moved);
      }
      fs.rmSync(aside, { force: true });
    }
  }
  const release = () => {
    try {
      if (JSON.parse(fs.readFileSync(file, 'utf8')).pid === process.pid) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
    process.off('exit', release);
  };
  process.on('exit', release);
  return {
    announce(api: string) {
      const temp = `${file}.${process.pid}`;
      fs.writeFileSync(temp, JSON.stringify({ ...info, api }), { mode: 0o600 });
      fs.renameSync(temp, file);
    },
    release,
  };
}
