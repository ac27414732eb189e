/** What the front thread answers itself, never reaching the API: a site file, a kept public read, a 304 for one. */
export const FRONT_ANSWERS = ['page', 'answer', 'not_modified'] as const;
export type FrontAnswer = (typeof FRONT_ANSWERS)[number];

/**
 * The front's count of its own answers, in memory shared with the back thread, whose metrics
 * (`front_answers_total`, server/ops/metrics.ts) report it: the API's request series never see these.
 */
export class FrontTally {
  readonly buffer: SharedArrayBuffer;
  private readonly slots: BigInt64Array;

  constructor(buffer = new SharedArrayBuffer(FRONT_ANSWERS.length * BigInt64Array.BYTES_PER_ELEMENT)) {
    this.buffer = buffer;
    this.slots = new BigInt64Array(buffer);
  }

  count(what: FrontAnswer) {
    Atomics.add(this.slots, FRONT_ANSWERS.indexOf(what), 1n);
  }

  read(): Record<FrontAnswer, number> {
    return Object.fromEntries(FRONT_ANSWERS.map((what, i) => [what, Number(Atomics.load(this.slots, i))])) as Record<FrontAnswer, number>;
  }
}
