import { CONTENT_KINDS, type ContentKind, type KindVersions } from '../content-version.ts';

/**
 * The content kinds' versions, in memory shared by the threads of `npm start` on PGlite: the back
 * thread (the API, the one writer of the embedded database) raises them after each write commits,
 * before the write's answer leaves; the front thread reads them to know whether a kept answer is
 * still what the API would say. A slot only ever grows, so a late raise never takes it back.
 */
export class KindBoard {
  readonly buffer: SharedArrayBuffer;
  private readonly slots: BigInt64Array;
  private static readonly index = new Map(CONTENT_KINDS.map((kind, i) => [kind, i]));

  constructor(buffer = new SharedArrayBuffer(CONTENT_KINDS.length * BigInt64Array.BYTES_PER_ELEMENT)) {
    this.buffer = buffer;
    this.slots = new BigInt64Array(buffer);
  }

  /** The versions read from the database (by the back thread, after a write committed). */
  raise(versions: KindVersions) {
    for (const [kind, version] of versions) {
      const slot = KindBoard.index.get(kind as ContentKind);
      if (slot === undefined) continue;
      const next = BigInt(version);
      // one writer thread, but a read that started earlier may answer later: never go back
      if (next > Atomics.load(this.slots, slot)) Atomics.store(this.slots, slot, next);
    }
  }

  version(kind: ContentKind): number {
    const slot = KindBoard.index.get(kind);
    return slot === undefined ? 0 : Number(Atomics.load(this.slots, slot));
  }

  /** Every kind at the version given (an answer's, made when those were current). */
  holds(depends: readonly (readonly [ContentKind, number])[]): boolean {
    return depends.every(([kind, version]) => this.version(kind) === version);
  }
}
