/**
 * When to build (DESIGN "Shape"): when the content version moved, or the last build is a day old.
 * One build at a time; a burst of writes is gathered into one build (notify waits debounceMs), and
 * writes during a build are built right after it, never more than one build waiting. Polling
 * (start) catches the writes notify() does not hear of: other instances'.
 */
import { EventEmitter } from 'node:events';
import type { RenderReport } from './renderer-process.ts';

const finished = new EventEmitter();

/** Calls `listener` with every build's result in this process (the metrics' rebuild durations); answers the unsubscribe. */
export function onRebuild(listener: (result: RebuildResult) => void): () => void {
  finished.on('result', listener);
  return () => finished.off('result', listener);
}

export interface RebuildResult {
  status: 'built' | 'hooked' | 'unchanged' | 'busy' | 'failed';
  /** built: a full `astro build` or a data-only rebuild */
  mode?: 'full' | 'incremental';
  version?: number;
  dir?: string;
  ms?: number;
  error?: string;
  /** data-only rebuilds: what render.ts did (pages rendered, written, deleted; phase times) */
  report?: RenderReport;
  /** why a data-only rebuild was not possible, when the runner wanted one */
  fullBecause?: string;
}

export interface SchedulerOptions {
  readVersion: () => Promise<number>;
  /** the version of the build being served (or handed to the deploy hook) */
  builtVersion: () => number | null;
  /** when the last build started */
  lastStart: () => number;
  /** one build of `version`; data-only when it can, unless `full`; `force`: even if another process built it meanwhile */
  build: (version: number, full: boolean, force: boolean) => Promise<RebuildResult>;
  debounceMs: number;
  maxAgeMs: number;
  pollMs: number;
  now: () => number;
  log: (line: string) => void;
}

export class Scheduler {
  private running: Promise<RebuildResult> | null = null;
  /** content changed while a build was under way: one more build right after it */
  private pending = false;
  private gathering: ReturnType<typeof setTimeout> | null = null;
  private poller: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  /** the version of the last build that went live (or was handed to the deploy hook), and when */
  private live: { version: number; at: string } | null = null;

  private readonly options: SchedulerOptions;

  constructor(options: SchedulerOptions) {
    this.options = options;
  }

  /**
   * Builds when the version moved, or the last build is a day old (`force`: now, whatever the
   * version); data-only when it can, unless `full`. While a build runs, a change is remembered and
   * built right after it.
   */
  async check(force = false, full = false): Promise<RebuildResult> {
    if (this.running) {
      this.pending = true;
      return { status: 'busy' };
    }
    const { readVersion, builtVersion, lastStart, now, maxAgeMs } = this.options;
    const version = await readVersion();
    if (!force && builtVersion() === version && now() - lastStart() < maxAgeMs) return { status: 'unchanged', version };
    this.pending = false;
    this.running = this.options
      .build(version, full, force)
      .then((result) => {
        if (result.status === 'built' || result.status === 'hooked') this.live = { version, at: new Date().toISOString() };
        finished.emit('result', result);
        return result;
      })
      .finally(() => {
        this.running = null;
        if (this.pending && !this.stopped) this.notify();
      });
    return this.running;
  }

  /** Content changed (in this process): build soon, gathering a burst of writes into one build. */
  notify() {
    if (this.stopped) return;
    if (this.running) {
      this.pending = true;
      return;
    }
    this.gathering ??= setTimeout(() => {
      this.gathering = null;
      this.pending = false;
      this.check().catch((err: unknown) => this.options.log(`rebuild failed: ${(err as Error).message}`));
    }, this.options.debounceMs);
  }

  /** What the console shows: the live version, and whether a build is under way or waiting. */
  status() {
    // another instance sharing the site folder may have built a later version than this process did
    const built = this.options.builtVersion();
    const live = this.live && (built === null || this.live.version === built) ? this.live : null;
    const pending = this.pending || this.gathering !== null;
    return { live_version: built ?? live?.version ?? null, live_at: live?.at ?? null, building: this.building, pending };
  }

  get building() {
    return this.running !== null;
  }

  /** Looks at the version now and then every pollMs. */
  start() {
    this.stopped = false;
    const tick = () => {
      if (!this.stopped) this.check().catch((err: unknown) => this.options.log(`rebuild check failed: ${(err as Error).message}`));
    };
    tick();
    this.poller = setInterval(tick, this.options.pollMs);
    this.poller.unref?.();
  }

  /** Stops polling and waits for a build under way. */
  async stop() {
    this.stopped = true;
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    if (this.gathering) clearTimeout(this.gathering);
    this.gathering = null;
    await this.running?.catch(() => {});
  }
}
