import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../../server/bootstrap.ts';
import { loadConfig } from '../../server/config.ts';
import { PROJECT_ROOT } from '../../server/site/rebuild.ts';
import { rememberAddress } from '../../server/startup.ts';

const run = promisify(execFile);
const NO_ADMIN = 'No admin account exists yet: create the first with `npm run create-admin -- --email you@example.org`';

// A production install starts with no account at all: the start says so and how to make one, and
// create-admin names the address the server really serves, not the default port.
describe('the first admin of a production install (embedded database)', () => {
  let dataDir: string;
  const env = () => ({ DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: 'first-admin-test-'.padEnd(40, 'x'), OUTBOX_WORKER: 'off' });
  const start = async () => {
    const lines: string[] = [];
    const api = await startApi(loadConfig(env()), { log: (line) => lines.push(line) });
    await api.close();
    return lines;
  };
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-admin-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(
    'says at start that no admin exists and how to make one; create-admin names the served address; then says nothing',
    { timeout: 120_000 },
    async () => {
      expect((await start()).join('\n')).toContain(NO_ADMIN);
      // the server served this DATA_DIR on 8123, not the default 4321
      rememberAddress(loadConfig(env()), 8123);
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/create-admin.ts', '--email', 'first@example.org'], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, ...env(), ADMIN_PASSWORD: 'monsoon-yak-47-first' },
      });
      expect(stdout).toContain('Created the admin account first@example.org. Sign in at http://localhost:8123/login/');
      expect((await start()).join('\n')).not.toContain('No admin account');
    },
  );
});
