import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../server/site/rebuild.ts';

/**
 * Images cannot be built here (no registry for base images), so what can be checked without
 * building is checked: the Dockerfile's stages, user, Node version, command and health check, and
 * that the compose file runs the app on PostgreSQL, Redis and an S3-compatible store with the
 * variables the README documents.
 */
const read = (file: string) => fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

interface Instruction {
  op: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined and comments dropped. */
function instructions(text: string): Instruction[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op, ...rest] = line.split(/\s+/);
      return { op: op!.toUpperCase(), args: rest.join(' ') };
    });
}

/** Every variable named in the first column of the README's Configure table. */
function documentedVariables(readme: string): Set<string> {
  const section = readme.slice(readme.indexOf('## Configure'), readme.indexOf('\n## ', readme.indexOf('## Configure') + 1));
  const names = new Set<string>();
  for (const row of section.split('\n').filter((line) => line.startsWith('| `'))) {
    const firstCell = row.split('|')[1]!;
    for (const [, name] of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(name!);
  }
  return names;
}

describe('Dockerfile', () => {
  const steps = instructions(read('Dockerfile'));
  const froms = steps.filter((s) => s.op === 'FROM');
  const lastStage = steps.slice(steps.lastIndexOf(froms.at(-1)!));

  it('is multi-stage, every stage on Node 24', () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms) expect(from.args).toMatch(/^node:24[.-]/);
    // the final stage takes the dependencies from an earlier one rather than installing dev tools
    expect(lastStage.some((s) => s.op === 'COPY' && /--from=\w+/.test(s.args) && s.args.includes('node_modules'))).toBe(true);
    expect(steps.some((s) => s.op === 'RUN' && /npm ci\b.*--omit=dev/.test(s.args))).toBe(true);
  });

  it('runs as a user that is not root', () => {
    const users = lastStage.filter((s) => s.op === 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)!.args).not.toMatch(/^(root|0)(:|$)/);
    // nothing after the switch runs as root again
    expect(lastStage.indexOf(users.at(-1)!)).toBeLessThan(lastStage.findIndex((s) => s.op === 'CMD'));
  });

  it("starts with npm start's own command, in production", () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; dependencies: Record<string, string> };
    // `exec` only replaces npm's shell with the server (so signals reach it); the container has no shell between
    const [program, ...args] = pkg.scripts.start!.replace(/^exec /, '').split(' ');
    const cmd = JSON.parse(lastStage.find((s) => s.op === 'CMD')!.args) as string[];
    // the exec form, without npm or a shell between the container and the server; a tool it runs
    // (tsx) from node_modules, so a production dependency
    if (program === 'node') {
      expect(cmd).toEqual([program, ...args]);
      const loader = args[args.indexOf('--import') + 1];
      if (loader) expect(pkg.dependencies[loader]).toBeDefined();
    } else {
      expect(cmd).toEqual([`node_modules/.bin/${program}`, ...args]);
      expect(pkg.dependencies[program!]).toBeDefined();
    }
    expect(lastStage.find((s) => s.op === 'ENV')!.args).toMatch(/NODE_ENV=production/);
  });

  it('checks its health on the readiness probe', () => {
    const check = lastStage.find((s) => s.op === 'HEALTHCHECK');
    expect(check?.args).toMatch(/\bCMD\b/);
    expect(check?.args).toContain('/api/health/ready');
  });
});

describe('docker-compose.yml', () => {
  type Service = { image?: string; build?: unknown; environment?: Record<string, unknown>; depends_on?: Record<string, unknown> };
  const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service> };
  const { services } = compose;
  const app = Object.values(services).find((s) => s.build !== undefined)!;
  const env = app.environment!;
  const hostOf = (url: unknown) => new URL(String(url)).hostname;

  it('runs PostgreSQL 15, Redis, an S3-compatible store and the app built from the Dockerfile', () => {
    expect(services.postgres?.image).toMatch(/^postgres:15\b/);
    expect(services.redis?.image).toMatch(/^redis:/);
    expect(services.minio?.image).toMatch(/^minio\/minio\b/);
    expect(app).toBeDefined();
    expect(Object.keys(app.depends_on ?? {})).toEqual(expect.arrayContaining(['postgres', 'redis']));
  });

  it('points the app at those services', () => {
    expect(hostOf(env.DATABASE_URL)).toBe('postgres');
    expect(hostOf(env.REDIS_URL)).toBe('redis');
    expect(hostOf(env.S3_ENDPOINT)).toBe('minio');
    expect(env.S3_BUCKET).toBeTruthy();
    expect(env.NODE_ENV).toBe('production');
    expect(String(env.JWT_SECRET)).toMatch(/^\$\{JWT_SECRET:\?/);
  });

  it("sets only variables the README's table documents", () => {
    const documented = documentedVariables(read('README.md'));
    expect(documented.size).toBeGreaterThan(20);
    expect(Object.keys(env).filter((name) => !documented.has(name))).toEqual([]);
  });
});
