/**
 * An open loop: `count` calls at `rate` a second, each at its own time whatever became of the ones
 * before it, so a slow answer does not hold back the next request (as students do not wait for each
 * other) and each latency is measured from when the call was due, not from when it was sent.
 * autocannon's `overallRate` is no such loop: each connection sends its share at the start of every
 * second, so 20 a second over 10 connections arrive as bursts of 10 at once.
 */
export async function openLoop<T>(
  count: number,
  rate: number,
  send: (i: number) => Promise<T>,
): Promise<{ ms: number; result: T | Error }[]> {
  // by call, not by answer
  const out: { ms: number; result: T | Error }[] = new Array(count);
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 100;
  for (let i = 0; i < count; i++) {
    const at = start + (i * 1000) / rate;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      send(i)
        .catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))))
        .then((result) => {
          out[i] = { ms: performance.now() - at, result };
        }),
    );
  }
  await Promise.all(inFlight);
  return out;
}
