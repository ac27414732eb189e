import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AD_PLACEMENTS } from '../../src/lib/contract/index.ts';
import {
  modalSettingsChange,
  readModalSettings,
  readSiteSettings,
  runningAds,
  siteSettingsChange,
  updateModalSettings,
  updateSiteSettings,
} from '../services/settings.ts';
import * as answers from '../../src/lib/contract/answers.ts';

/** Site settings, modal settings and the public ad feed: the singletons every page reads. */
export default async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/site-settings/',
    {
      schema: { tags: ['Settings'], response: { 200: answers.siteSettings } },
      // the featured consultancy's name and licence
      config: { access: 'public', publicCache: { reads: ['settings', 'consultancy', 'licence'] } },
    },
    () => readSiteSettings(app.db),
  );
  app.patch(
    '/site-settings/update/',
    { schema: { tags: ['Settings'], body: siteSettingsChange, response: { 200: answers.siteSettings } }, config: { access: ['admin'] } },
    (request) => updateSiteSettings(app.db, request.body),
  );

  app.get(
    '/leads/modal-settings/',
    {
      schema: { tags: ['Settings'], response: { 200: answers.modalSettings } },
      config: { access: 'public', publicCache: { reads: ['settings'] } },
    },
    () => readModalSettings(app.db),
  );
  app.patch(
    '/leads/modal-settings/update/',
    { schema: { tags: ['Settings'], body: modalSettingsChange, response: { 200: answers.modalSettings } }, config: { access: ['admin'] } },
    (request) => updateModalSettings(app.db, request.body),
  );

  app.get(
    '/ads/',
    {
      schema: {
        tags: ['Ads'],
        querystring: z.strictObject({ placement: z.enum(AD_PLACEMENTS) }),
        summary: 'Ads running now in a placement, heaviest first',
        response: { 200: answers.adFeed },
      },
      config: { access: 'public', publicCache: { reads: ['ad'] } },
    },
    (request) => runningAds(app.db, request.query.placement),
  );
}
