import type { FastifyInstance } from 'fastify';
import { apiNotFound } from '../plugins/errors.ts';
import entityRoutes from './entities.ts';
import settingsRoutes from './settings.ts';
import dashboardRoutes from './dashboards.ts';
import reportRoutes from './reports.ts';
import authRoutes from './auth.ts';
import userRoutes from './users.ts';
import forumRoutes from './forum.ts';
import applicationRoutes from './applications.ts';
import formRoutes from './forms.ts';
import complaintRoutes from './complaints.ts';
import siteRoutes from './site.ts';
import licenceRoutes from './licences.ts';
import reviewRoutes from './reviews.ts';
import shortlistRoutes from './shortlists.ts';
import outboxRoutes from './outbox.ts';
import opsRoutes from './ops.ts';
import searchRoutes from './search.ts';
import staffRoutes from './staff.ts';
import caseworkRoutes from './casework.ts';

/** Every route module of the API, mounted under /api. */
export default async function routes(app: FastifyInstance) {
  apiNotFound(app);
  await app.register(entityRoutes);
  await app.register(settingsRoutes);
  await app.register(dashboardRoutes);
  await app.register(reportRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(forumRoutes);
  await app.register(applicationRoutes);
  await app.register(formRoutes);
  await app.register(complaintRoutes);
  await app.register(siteRoutes);
  await app.register(licenceRoutes);
  await app.register(reviewRoutes);
  await app.register(shortlistRoutes);
  await app.register(outboxRoutes);
  await app.register(opsRoutes);
  await app.register(searchRoutes);
  await app.register(staffRoutes);
  await app.register(caseworkRoutes);
}
