import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { planTicksMerge, planTicksParams, planTicksSet } from '../../src/lib/contract/bodies/plan-ticks.ts';
import { planTicks } from '../../src/lib/contract/answers.ts';
import { mergePlanTicks, planTicksOfUser, setPlanTicks } from '../services/plan-ticks.ts';

/** A signed-in account's ticks on destination plans: read them, merge a device's in, set one plan's. */
export default async function planTickRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Plan ticks'];
  const access = 'user' as const;
  app.get(
    '/auth/plan-ticks/',
    { schema: { tags, summary: 'The ticks of every plan the account ticked on', response: { 200: planTicks } }, config: { access } },
    async (request) => ({ plans: await planTicksOfUser(app.db, request.user!.id) }),
  );
  app.post(
    '/auth/plan-ticks/',
    {
      schema: { tags, body: planTicksMerge, summary: "Merge a device's ticks (a tick on either side stays)", response: { 200: planTicks } },
      config: { access },
    },
    async (request) => ({ plans: await mergePlanTicks(app.db, request.user!.id, request.body.plans) }),
  );
  app.put(
    '/auth/plan-ticks/:destination/',
    {
      schema: { tags, params: planTicksParams, body: planTicksSet, summary: "Set one plan's ticks", response: { 200: planTicks } },
      config: { access },
    },
    async (request) => ({ plans: await setPlanTicks(app.db, request.user!.id, request.params.destination, request.body.ticks) }),
  );
}
