/**
 * npm run restore -- <archive folder> [--force]: loads a backup into this install (DATA_DIR, or
 * DATABASE_URL and the configured storage). See server/ops/restore.ts.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { runCommand, StartupError } from '../startup.ts';
import { restore } from './restore.ts';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
const config = loadConfig();
runCommand(async () => {
  if (positionals.length !== 1)
    throw new StartupError('Name the backup folder to restore: npm run restore -- backups/backup-<time> [--force]');
  const dir = path.resolve(positionals[0]!);
  const manifest = await restore(config, dir, { force: values.force });
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Restored the backup of ${manifest.created_at} from ${dir}: ${Object.keys(manifest.tables).length} tables (${rows} rows, as in the backup) and ${manifest.files.length} files.`,
  );
}, config);
