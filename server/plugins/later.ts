import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Work run after the answer, off the request's path: for when how long the work takes must not
     * show in the answer's time (a password reset must not tell known addresses from unknown ones).
     * Closing the app waits for what is under way; a failure is logged.
     */
    later: {
      run(what: string, work: () => Promise<unknown>): void;
      /** resolves once everything under way is done */
      settled(): Promise<void>;
    };
  }
}

export default fp(async (app) => {
  const pending = new Set<Promise<unknown>>();
  const settled = async () => {
    while (pending.size) await Promise.all(pending);
  };
  app.decorate('later', {
    run(what: string, work: () => Promise<unknown>) {
      const task: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err: unknown) => app.log.error({ err }, `${what} failed`))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    settled,
  });
  app.addHook('onClose', settled);
});
