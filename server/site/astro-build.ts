import { spawn } from 'node:child_process';
import { lowPriority } from './low-priority.ts';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './site-dir.ts';

/**
 * `astro build` in a child process (so a crash never takes the server down). `onOutput` receives
 * Astro's log (info level then, instead of silent). Aborting `signal` stops the build (SIGTERM):
 * a stopping server does not wait for a build it would never serve.
 *
 * It runs in a folder of its own (with --root): when the output folder is not under the working
 * directory, Astro writes its temporary server bundle to <cwd>/.astro/.prerender and deletes it at
 * the end, so builds started at the same time from one checkout (the runner, tests, benchmarks)
 * would delete each other's bundle while rendering. The folder is under node_modules/.cache, so
 * the bundle still finds the project's packages.
 */
export async function astroBuild(
  outDir: string,
  apiUrl: string,
  extraEnv: Record<string, string> = {},
  onOutput?: (text: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const cacheRoot = path.join(PROJECT_ROOT, 'node_modules', '.cache');
  fs.mkdirSync(cacheRoot, { recursive: true });
  const cwd = fs.mkdtempSync(path.join(cacheRoot, 'astro-build-'));
  try {
    await runAstroBuild(cwd, outDir, apiUrl, extraEnv, onOutput, signal);
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}

function runAstroBuild(
  cwd: string,
  outDir: string,
  apiUrl: string,
  extraEnv: Record<string, string>,
  onOutput?: (text: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const bin = path.join(PROJECT_ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build', '--root', PROJECT_ROOT, ...(onOutput ? [] : ['--silent'])], {
      cwd,
      // NODE_ENV=production whatever the parent runs under (vitest sets 'test'), so React ships its production build
      env: {
        ...process.env,
        ...extraEnv,
        NODE_ENV: 'production',
        API_URL: apiUrl,
        ASTRO_OUT_DIR: path.resolve(outDir),
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
    });
    lowPriority(child);
    let output = '';
    const errors: string[] = [];
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      onOutput?.(text);
      output = (output + text).slice(-4000);
      // the error itself comes before its stack: keep the first lines that name one
      for (const line of text.split('\n')) if (errors.length < 4 && /error/i.test(line) && !/^\s+at /.test(line)) errors.push(line.trim());
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    const failure = (code: number | null) =>
      new Error(`astro build exited with ${code}: ${[...errors, ...output.trim().split('\n').slice(-8)].join('\n')}`);
    child.on('close', (code) => (code === 0 ? resolve() : reject(failure(code))));
  });
}
