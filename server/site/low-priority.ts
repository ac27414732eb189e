import os from 'node:os';
import type { ChildProcess } from 'node:child_process';

/** How much lower than the API a build runs (nice 10): on a busy machine, requests go first. */
export const BUILD_NICENESS = 10;

/**
 * Lowers a build's child process (astro build, the data-only renderer) below the API's, so a
 * rebuild under a stream of writes takes the CPU the requests leave. Where the system refuses
 * (no such process any more, a platform without priorities), the build runs as it is.
 */
export function lowPriority(child: ChildProcess) {
  if (child.pid === undefined) return;
  try {
    os.setPriority(child.pid, BUILD_NICENESS);
  } catch {
    // a build at normal priority is slower for requests, not wrong
  }
}
