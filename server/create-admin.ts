/**
 * npm run create-admin -- --email you@example.org
 *
 * The first admin of a production install (NODE_ENV=production creates no demo accounts), or a way
 * back in for an admin who lost the password: creates an active admin account, or makes an existing
 * account an active admin with the new password (its open sessions end). The password is asked for
 * without echo, or read from ADMIN_PASSWORD when there is no terminal; never from the command line,
 * which shell history and `ps` keep. Uses the database the server uses (DATABASE_URL, else PGlite
 * in DATA_DIR/pg, which no running server may hold at the same time).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { users } from './db/schema/index.ts';
import { createUser, newUser, updateUser } from './services/accounts.ts';
import { runCommand, siteAddress, StartupError } from './startup.ts';

const { values } = parseArgs({ options: { email: { type: 'string' } } });
const config = loadConfig();

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) throw new StartupError('Set ADMIN_PASSWORD to the new password when there is no terminal to type it in.');
  const { default: password } = await import('@inquirer/password');
  const first = await password({ message: 'Password for the admin account:', mask: true });
  const again = await password({ message: 'The same password again:', mask: true });
  if (first !== again) throw new StartupError('The two passwords differ: nothing was changed.');
  return first;
}

/** The account's fields, checked by the same rules as the console's user form. */
function validated(input: z.input<typeof newUser>) {
  const parsed = newUser.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`);
  throw new StartupError(`Nothing was changed: ${problems.join('; ')}.`);
}

runCommand(async () => {
  if (!values.email) throw new StartupError('Name the account: npm run create-admin -- --email you@example.org');
  const input = validated({ email: values.email, password: await askPassword(), role: 'admin' });
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pg'), poolSize: 1 });
  try {
    const signIn = `${siteAddress(config)}/login/`;
    const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (existing) {
      await updateUser(database.db, existing.id, { role: 'admin', active: true, password: input.password });
      console.log(`${input.email} is now an active admin with the new password; its open sessions were ended. Sign in at ${signIn}`);
    } else {
      await createUser(database.db, input);
      console.log(`Created the admin account ${input.email}. Sign in at ${signIn}`);
    }
  } finally {
    await database.close();
  }
}, config);
