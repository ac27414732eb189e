/**
 * The served directory: `current` is a symlink to builds/<id>, switched atomically and at once to a
 * finished build (a new symlink renamed over it), so a visitor always reads one whole build. Old
 * builds are pruned after the switch; the next data-only rebuild starts from hard links to the
 * files of `current` (linkTree).
 */
import fs, { type Dirent } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { TRASH_PREFIX, uniqueSuffix } from './site-dir.ts';

/** Points `current` at builds/<id> atomically: a new symlink, renamed over the old one. */
export function swapCurrent(siteDir: string, buildDir: string) {
  const tmp = path.join(siteDir, `.current-${process.pid}-${Date.now()}`);
  fs.symlinkSync(path.relative(siteDir, buildDir), tmp);
  fs.renameSync(tmp, path.join(siteDir, 'current'));
}

/** The build `current` points at (throws when there is none). */
export const currentBuild = (siteDir: string) => fs.realpathSync(path.join(siteDir, 'current'));

/**
 * File operations of a tree in flight at once. They run on libuv's 4 threads, which also open and
 * read the files the site serves: a tree's thousands of links queued at once made a page wait
 * behind all of them (0.4 to 0.7 s after every rebuild under load), a few at a time leave it room.
 */
export const TREE_BATCH = 2;

/** The entries of `dir`: its files, a few at a time (TREE_BATCH), then its folders one after the other. */
async function eachEntry(dir: string, file: (entry: Dirent) => Promise<void>, folder: (entry: Dirent) => Promise<void>) {
  const entries = await fsp.readdir(dir, { withFileTypes: true });
  const files = entries.filter((entry) => !entry.isDirectory());
  for (let i = 0; i < files.length; i += TREE_BATCH) await Promise.all(files.slice(i, i + TREE_BATCH).map(file));
  for (const entry of entries) if (entry.isDirectory()) await folder(entry);
}

/**
 * A new folder holding the same files as `from`, as hard links: no file is copied, and a file
 * replaced in it by a rename leaves `from` untouched (nothing may write into a linked file).
 * Asynchronous and a few links at a time, so the site and API sharing the process keep answering:
 * it costs one link and one mkdir per entry (about 0.1 ms each on these machines, seconds at 16k pages).
 */
export async function linkTree(from: string, to: string): Promise<void> {
  await fsp.mkdir(to, { recursive: true });
  const [source, target] = [(entry: Dirent) => path.join(from, entry.name), (entry: Dirent) => path.join(to, entry.name)];
  await eachEntry(
    from,
    async (entry) => {
      if (entry.isSymbolicLink()) await fsp.symlink(await fsp.readlink(source(entry)), target(entry));
      else await fsp.link(source(entry), target(entry));
    },
    (entry) => linkTree(source(entry), target(entry)),
  );
}

/** Deletes a tree a few entries at a time (fs.rm queues them all at once: see TREE_BATCH); a tree already gone is no error. */
export async function removeTree(dir: string): Promise<void> {
  try {
    await eachEntry(
      dir,
      (entry) => fsp.unlink(path.join(dir, entry.name)),
      (entry) => removeTree(path.join(dir, entry.name)),
    );
    await fsp.rmdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/**
 * Moves the builds beyond `keep` (besides the current one) out of builds/ at once, and deletes them
 * in the background (tens of thousands of entries take seconds): resolves when they are gone.
 */
function prune(siteDir: string, keep: number): Promise<void> {
  const builds = path.join(siteDir, 'builds');
  let target = '';
  try {
    target = path.resolve(siteDir, fs.readlinkSync(path.join(siteDir, 'current')));
  } catch {
    /* no current */
  }
  const dirs = fs.existsSync(builds) ? fs.readdirSync(builds).sort() : [];
  const old = dirs.map((d) => path.join(builds, d)).filter((d) => d !== target);
  // never throws: it runs after the swap, and a build left over is only disk space until the next prune
  const doomed = old.slice(0, Math.max(0, old.length - keep)).flatMap((dir) => {
    const trash = path.join(siteDir, `${TRASH_PREFIX}${process.pid}-${uniqueSuffix()}`);
    try {
      fs.renameSync(dir, trash);
      return [trash];
    } catch {
      return [];
    }
  });
  return Promise.all(doomed.map(removeTree)).then(
    () => {},
    () => {},
  );
}

/** Makes a finished build the served one and prunes the old ones (`keep` besides the current). */
export function createPublisher(siteDir: string, keep: number) {
  let pruning: Promise<void> = Promise.resolve();
  return {
    publish(buildDir: string) {
      swapCurrent(siteDir, buildDir);
      // an earlier prune may still be deleting: settled() waits for every one, not the last alone
      pruning = Promise.all([pruning, prune(siteDir, keep)]).then(() => {});
    },
    /** resolves once every pruned build is deleted */
    settled: () => pruning.catch(() => {}),
  };
}
export type Publisher = ReturnType<typeof createPublisher>;
