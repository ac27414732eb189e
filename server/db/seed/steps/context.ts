import type { Storage } from '../../../storage/index.ts';
import type { Tx } from '../bulk.ts';
import type { ImagePool } from '../images.ts';
import type { Random } from '../random.ts';

/** What every step of the demo seed works with. */
export interface SeedContext {
  tx: Tx;
  rng: Random;
  images: ImagePool;
  storage: Storage;
  /** the real time of the seed: only activity timestamps (created_at) use it */
  now: number;
}

/** Ids of the reference rows, by name, for the steps that link to them. */
export interface Reference {
  districts: Map<string, number>;
  destinations: Map<string, number>;
  exams: Map<string, number>;
  /** in the order of DISCIPLINES */
  disciplines: number[];
}

export interface UniversityRef {
  id: number;
  name: string;
  slug: string;
  destination: string;
  currency: string;
  disciplines: number[];
}
