/**
 * sharedRuns (server/shared-runs.ts), which the versions' reads go through: calls that wait at the
 * same time share one run, and every call is answered by a run begun after it was made, so a read
 * asked after a write returned never gets an answer read before that write.
 */
import { describe, expect, it } from 'vitest';
import { sharedRuns } from '../../server/shared-runs.ts';

/** A run the test lets finish: each records its asks and the "database" value when it began. */
function gatedRuns() {
  let value = 0;
  const runs: { asks: string[]; release(): void; fail(error: Error): void }[] = [];
  const call = sharedRuns(async (asks: string[]) => {
    const seen = value;
    await new Promise<void>((resolve, reject) => runs.push({ asks, release: resolve, fail: reject }));
    return asks.map((ask) => `${ask}@${seen}`);
  });
  return { call, runs, write: () => value++ };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedRuns', () => {
  it('runs at once when nothing is out, and once for all the calls that waited meanwhile', async () => {
    const { call, runs } = gatedRuns();
    const first = call('a');
    await settle();
    expect(runs.map((r) => r.asks)).toEqual([['a']]);
    const waited = [call('b'), call('c'), call('d')];
    await settle();
    expect(runs).toHaveLength(1);
    runs[0]!.release();
    expect(await first).toBe('a@0');
    await settle();
    expect(runs.map((r) => r.asks)).toEqual([['a'], ['b', 'c', 'd']]);
    runs[1]!.release();
    expect(await Promise.all(waited)).toEqual(['b@0', 'c@0', 'd@0']);
  });

  it('never answers a call with a run begun before it was made: a write that returned before the call is seen', async () => {
    const { call, runs, write } = gatedRuns();
    const before = call('before');
    await settle();
    write();
    const after = call('after');
    runs[0]!.release();
    expect(await before).toBe('before@0');
    await settle();
    runs[1]!.release();
    expect(await after).toBe('after@1');
  });

  it('fails every call of a failed run, and runs again for the next ones', async () => {
    const { call, runs } = gatedRuns();
    const failed = call('x');
    await settle();
    runs[0]!.fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    const next = call('y');
    await settle();
    runs[1]!.release();
    expect(await next).toBe('y@0');
  });
});
