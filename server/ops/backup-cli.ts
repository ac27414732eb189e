/**
 * npm run backup [-- --out <folder>]: one archive folder of the database and the stored files
 * (default backups/backup-<time>/ in the current folder). See server/ops/backup.ts.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { runCommand } from '../startup.ts';
import { backup } from './backup.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
runCommand(async () => {
  const out = path.resolve(values.out ?? path.join('backups', `backup-${new Date().toISOString().replace(/[:.]/g, '-')}`));
  const started = Date.now();
  const manifest = await backup(config, out);
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  const bytes = manifest.files.reduce((sum, f) => sum + f.bytes, manifest.database.bytes);
  console.log(
    `Backed up ${manifest.engine === 'postgres' ? 'the PostgreSQL database' : 'the embedded database'} (${Object.keys(manifest.tables).length} tables, ${rows} rows) ` +
      `and ${manifest.files.length} files (${(bytes / 1e6).toFixed(1)} MB in all) into ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (manifest.missing.length)
    console.log(`${manifest.missing.length} files the rows refer to were not in storage (listed as missing in the manifest).`);
}, config);
