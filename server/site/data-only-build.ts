/**
 * The data-only (incremental) rebuild: when the code is the one `current` was built from
 * (sourceFingerprint) and that build left its compiled pages (siteDir/.renderer/active, see
 * astro-renderer.ts), a new folder is made of hard links to the files of `current` (no copy of the
 * unchanged pages; made ahead with `standby`), render.ts reads the rows changed since the last
 * build and writes only the pages whose data changed into it (each by a rename, which replaces the
 * link and leaves the old build's file alone; no Vite), then `current` is swapped to it like a full
 * build. Anything it cannot do throws, and the runner makes a full build instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sourceFingerprint } from './fingerprint.ts';
import { startRenderer, type Renderer, type RenderReport } from './renderer-process.ts';
import type { RebuildResult } from './scheduler.ts';
import { newBuildDir, RENDERER_DIR, STAGING_PREFIX, uniqueSuffix, writeVersion } from './site-dir.ts';
import { currentBuild, linkTree, removeTree, type Publisher } from './swap.ts';

export interface DataOnlyOptions {
  siteDir: string;
  apiUrl: string;
  siteUrl: string;
  /** SITE_DATA_DIR for the renderer: the build's copy of the API's lists */
  dataEnv: Record<string, string>;
  /** keep the next rebuild's renderer loaded and its folder linked between rebuilds */
  standby: boolean;
  publisher: Publisher;
  log: (line: string) => void;
}

/** The folder the next data-only rebuild writes into: hard links to the files of `from` (`current` then). */
interface Staged {
  from: string;
  dir: string;
  ready: Promise<void>;
}

export class DataOnlyBuilder {
  /** the compiled pages of the current build, and build.json: which build they are of, and its code's fingerprint */
  readonly active: string;
  private standby: Renderer | null = null;
  private staged: Staged | null = null;
  private paused = false;
  private readonly options: DataOnlyOptions;

  constructor(options: DataOnlyOptions) {
    this.options = options;
    this.active = path.join(options.siteDir, RENDERER_DIR, 'active');
  }

  /** Why `current` cannot be rebuilt data-only ('' when it can). */
  whyNot(fingerprint: string): string {
    let target: string;
    try {
      target = currentBuild(this.options.siteDir);
    } catch {
      return 'no current build';
    }
    let meta: { build?: string; fingerprint?: string } | null = null;
    try {
      meta = JSON.parse(fs.readFileSync(path.join(this.active, 'build.json'), 'utf8'));
    } catch {
      return 'no compiled pages kept';
    }
    if (!meta || meta.build !== target || !fs.existsSync(path.join(this.active, 'state.json'))) {
      return 'the compiled pages kept are not those of the current build';
    }
    if (meta.fingerprint !== fingerprint) return 'the code changed';
    return '';
  }

  /** Rebuilds `current` data-only into a new build and swaps to it; on failure cleans up and throws. */
  async build(version: number, fingerprint: string, started: number): Promise<RebuildResult> {
    const { ahead, work } = this.take();
    const dir = newBuildDir(this.options.siteDir, version);
    try {
      const renderer = ahead ?? startRenderer(this.active, this.options.apiUrl, this.options.dataEnv);
      const linkStarted = performance.now();
      await work.ready;
      const linkMs = Math.round(performance.now() - linkStarted);
      const rendered = await renderer.run(work.dir);
      const report: RenderReport = { ...rendered, ms: { link: linkMs, ...rendered.ms }, standby: ahead !== null };
      writeVersion(work.dir, version);
      fs.renameSync(work.dir, dir);
      this.writeActivation(this.active, dir, fingerprint);
      this.options.publisher.publish(dir);
      const ms = Date.now() - started;
      this.options.log(`site rebuilt data-only in ${(ms / 1000).toFixed(1)} s (content version ${version}): ${describe(report)}`);
      this.prepare(fingerprint);
      return { status: 'built', mode: 'incremental', version, dir, ms, report };
    } catch (err) {
      for (const d of [work.dir, dir]) fs.rmSync(d, { recursive: true, force: true });
      // the renderer's list of pages may already describe the failed folder: only a full build can start from here
      fs.rmSync(this.active, { recursive: true, force: true });
      throw err;
    }
  }

  /** The renderer and the linked folder made ahead, when they still fit `current`; a new linked folder otherwise. */
  private take(): { ahead: Renderer | null; work: Staged } {
    const standby = this.standby;
    const ahead = standby && standby.alive && standby.activation === this.activation() ? standby : null;
    if (!ahead) standby?.kill();
    this.standby = null;
    const from = currentBuild(this.options.siteDir);
    const staged = this.staged;
    const linked = staged && staged.from === from && fs.existsSync(staged.dir) ? staged : null;
    if (linked) this.staged = null;
    else void this.discardStaged();
    return { ahead, work: linked ?? this.stage(from) };
  }

  /**
   * A full build's compiled pages (written to `staging` by astro-renderer.ts) become the ones data-only
   * rebuilds start from; the compile cache of the previous ones goes (their file names are not used again).
   */
  adopt(staging: string, buildDir: string, fingerprint: string) {
    this.standby?.kill();
    this.standby = null;
    fs.rmSync(this.active, { recursive: true, force: true });
    fs.rmSync(path.join(this.options.siteDir, RENDERER_DIR, '.compile-cache'), { recursive: true, force: true });
    if (!fs.existsSync(path.join(staging, 'state.json'))) return;
    this.writeActivation(staging, buildDir, fingerprint);
    fs.renameSync(staging, this.active);
  }

  /**
   * Starts the renderer of the next data-only rebuild now, and links the folder it will write into,
   * when one will be possible: a content change then costs only its own pages.
   */
  prepare(fingerprint?: string) {
    this.standby?.kill();
    this.standby = null;
    void this.discardStaged();
    if (!this.options.standby || this.paused) return;
    if (this.whyNot(fingerprint ?? sourceFingerprint(this.options.siteUrl))) return;
    this.standby = startRenderer(this.active, this.options.apiUrl, this.options.dataEnv, this.activation());
    this.standby.unref();
    this.staged = this.stage(currentBuild(this.options.siteDir));
  }

  /** Prepares from now on (the runner started). */
  resume() {
    this.paused = false;
    this.prepare();
  }

  /** Prepares nothing more (the runner is stopping). */
  pause() {
    this.paused = true;
  }

  /** Stops the renderer made ahead and deletes the folder linked ahead. */
  async close() {
    this.standby?.kill();
    this.standby = null;
    await this.discardStaged();
  }

  /** Resolves once the renderer and the folder kept for the next rebuild are ready (at once without them). */
  async ready() {
    await Promise.all([this.standby?.ready.catch(() => {}), this.staged?.ready.catch(() => {})]);
  }

  private activation(): string {
    try {
      return fs.readFileSync(path.join(this.active, 'build.json'), 'utf8');
    } catch {
      return '';
    }
  }

  /** build.json in `rendererDir`: the build its compiled pages render, and the fingerprint of their code */
  private writeActivation(rendererDir: string, buildDir: string, fingerprint: string) {
    fs.writeFileSync(path.join(rendererDir, 'build.json'), JSON.stringify({ build: fs.realpathSync(buildDir), fingerprint }));
  }

  private stage(from: string): Staged {
    const dir = path.join(this.options.siteDir, `${STAGING_PREFIX}${process.pid}-${uniqueSuffix()}`);
    const next = { from, dir, ready: linkTree(from, dir) };
    next.ready.catch(() => {});
    return next;
  }

  private async discardStaged() {
    const old = this.staged;
    this.staged = null;
    await old?.ready.catch(() => {});
    if (old) await removeTree(old.dir);
  }
}

const describe = (report: RenderReport) =>
  `${report.rendered} of ${report.paths} pages rendered, ${report.created + report.changed} written, ${report.deleted} removed ` +
  `(${Object.entries(report.ms)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')} ms)`;
