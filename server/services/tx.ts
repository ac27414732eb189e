import type { Db } from '../db/index.ts';

/** A transaction handle; services that may run inside one accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Runner = Db | Tx;
