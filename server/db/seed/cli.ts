/**
 * npm run seed                      demo content, when the database has none
 * npm run seed -- --scale 100000    then n more consultancies and courses, for benchmarks
 * Uses the database and storage the server uses (DATABASE_URL, else PGlite in DATA_DIR/pg).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../../config.ts';
import { createPrivateStorage, createStorage } from '../../storage/index.ts';
import { openDatabase } from '../index.ts';
import { runCommand } from '../../startup.ts';
import { DEMO_ACCOUNTS, seedDemo } from './demo.ts';
import { seedScale } from './scale.ts';

const { values } = parseArgs({ options: { scale: { type: 'string' } } });
const scale = values.scale === undefined ? 0 : Number(values.scale);
if (!Number.isInteger(scale) || scale < 0) {
  console.error('--scale takes a whole number of rows, e.g. --scale 100000');
  process.exit(1);
}

const config = loadConfig();
runCommand(async () => {
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pg'),
    poolSize: config.databasePoolSize,
  });
  try {
    const started = performance.now();
    const { seeded } = await seedDemo(database.db, await createStorage(config), {
      password: config.demoPassword,
      production: config.production,
      privateStorage: await createPrivateStorage(config),
    });
    console.log(
      seeded
        ? `Demo content seeded in ${Math.round(performance.now() - started)} ms.`
        : 'The database already has content; demo seed skipped.',
    );
    if (seeded && !config.production)
      console.log(
        `Demo accounts (password ${config.demoPassword}):\n${DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(12)} ${a.email}`).join('\n')}`,
      );

    if (scale > 0) {
      const bar = new cliProgress.SingleBar(
        // Without a terminal (CI, a log file) the bar prints a line every 5 s instead of redrawing.
        { format: 'Scale seed [{bar}] {percentage}% | {value}/{total} rows | {duration}s', noTTYOutput: true, notTTYSchedule: 5000 },
        cliProgress.Presets.shades_classic,
      );
      bar.start(1, 0);
      const scaleStarted = performance.now();
      await seedScale(database.db, scale, (done, total) => {
        bar.setTotal(total);
        bar.update(done);
      });
      bar.stop();
      console.log(`Added ${scale} consultancies and ${scale} courses in ${((performance.now() - scaleStarted) / 1000).toFixed(1)} s.`);
    }
  } finally {
    await database.close();
  }
}, config);
