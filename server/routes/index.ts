import type { FastifyInstance } from 'fastify';
import entityRoutes from './entities.ts';
import settingsRoutes from './settings.ts';

/** Every route module of the API, mounted under /api. */
export default async function routes(app: FastifyInstance) {
  await app.register(entityRoutes);
  await app.register(settingsRoutes);
}
