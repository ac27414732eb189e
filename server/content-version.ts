import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Db } from './db/index.ts';
import { contentState } from './db/schema/index.ts';

type Executor = Pick<Db, 'execute'>;

const changes = new EventEmitter();

/** Calls `listener` after each content write of this process (the rebuild runner of npm start); answers the unsubscribe. */
export function onContentChange(listener: () => void): () => void {
  changes.on('change', listener);
  return () => changes.off('change', listener);
}

/** Every content write bumps this; the rebuild runner rebuilds the site when it moved. */
export async function bumpContentVersion(tx: Executor) {
  await tx.execute(sql`INSERT INTO content_state (id, version) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET version = content_state.version + 1, updated_at = now()`);
  // inside the write's transaction: the runner reads the version after its short wait, by when it committed
  changes.emit('change');
}

export async function readContentVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: contentState.version })
    .from(contentState)
    .where(sql`id = 1`);
  return row?.version ?? 0;
}
