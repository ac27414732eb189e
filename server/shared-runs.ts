interface Waiting<A, R> {
  ask: A;
  resolve(answer: R): void;
  reject(error: unknown): void;
}

/**
 * Calls that wait at the same time share one run of `run`: while a run is out, the calls made
 * meanwhile wait for it and then share the next, which answers each of them (in order). Every call
 * is answered by a run begun after it was made, so it sees whatever was written before it was made.
 */
export function sharedRuns<A, R>(run: (asks: A[]) => Promise<R[]>): (ask: A) => Promise<R> {
  let running = false;
  let waiting: Waiting<A, R>[] = [];
  const drain = async () => {
    running = true;
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      try {
        const answers = await run(batch.map((w) => w.ask));
        batch.forEach((w, i) => w.resolve(answers[i]!));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    running = false;
  };
  return (ask) => {
    const answer = new Promise<R>((resolve, reject) => waiting.push({ ask, resolve, reject }));
    if (!running) void drain();
    return answer;
  };
}
