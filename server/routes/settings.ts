import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AD_PLACEMENTS } from '../../src/lib/contract/index.ts';
import { ads, consultancies, modalSettings, siteSettings } from '../db/schema/index.ts';
import { bumpContentVersion } from '../content-version.ts';
import { badRequest } from '../errors.ts';

const boolInput = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

/** Site settings, modal settings and the public ad feed: the singletons every page reads. */
export default async function settingsRoutes(app: FastifyInstance) {
  const readSiteSettings = async () => {
    const [row] = await app.db
      .select({
        featured_counselling_consultancy_id: siteSettings.featured_counselling_consultancy_id,
        featured_counselling_consultancy_name: consultancies.name,
        featured_counselling_consultancy_slug: consultancies.slug,
        featured_counselling_consultancy_verified: consultancies.verified,
        featured_counselling_consultancy_claimed: consultancies.claimed,
        show_counselling_bar: siteSettings.show_counselling_bar,
        updated_at: siteSettings.updated_at,
      })
      .from(siteSettings)
      .leftJoin(consultancies, eq(consultancies.id, siteSettings.featured_counselling_consultancy_id))
      .where(eq(siteSettings.id, 1));
    return (
      row ?? {
        featured_counselling_consultancy_id: null,
        featured_counselling_consultancy_name: null,
        featured_counselling_consultancy_slug: null,
        featured_counselling_consultancy_verified: false,
        featured_counselling_consultancy_claimed: false,
        show_counselling_bar: false,
        updated_at: null,
      }
    );
  };

  app.get('/site-settings/', { schema: { tags: ['Settings'] }, config: { access: 'public' } }, readSiteSettings);

  app.patch(
    '/site-settings/update/',
    {
      schema: {
        tags: ['Settings'],
        body: z.strictObject({ featured_counselling_consultancy_id: z.number().int().positive().nullable().optional(), show_counselling_bar: boolInput.optional() }),
      },
      config: { access: ['admin'] },
    },
    async (request) => {
      const body = request.body as { featured_counselling_consultancy_id?: number | null; show_counselling_bar?: boolean };
      if (body.featured_counselling_consultancy_id) {
        const [found] = await app.db.select({ id: consultancies.id }).from(consultancies).where(eq(consultancies.id, body.featured_counselling_consultancy_id));
        if (!found) throw badRequest('Some values are not valid.', { featured_counselling_consultancy_id: ['No consultancy has this id.'] });
      }
      await app.db.transaction(async (tx) => {
        await tx
          .insert(siteSettings)
          .values({ id: 1, ...body })
          .onConflictDoUpdate({ target: siteSettings.id, set: { ...body, updated_at: sql`now()` } });
        await bumpContentVersion(tx);
      });
      return readSiteSettings();
    },
  );

  const readModalSettings = async () => {
    const [row] = await app.db
      .select({ hide_study_abroad_modal: modalSettings.hide_study_abroad_modal, hide_full_detail_modal: modalSettings.hide_full_detail_modal })
      .from(modalSettings)
      .where(eq(modalSettings.id, 1));
    return row ?? { hide_study_abroad_modal: false, hide_full_detail_modal: false };
  };

  app.get('/leads/modal-settings/', { schema: { tags: ['Settings'] }, config: { access: 'public' } }, readModalSettings);

  app.patch(
    '/leads/modal-settings/update/',
    { schema: { tags: ['Settings'], body: z.strictObject({ hide_study_abroad_modal: boolInput.optional(), hide_full_detail_modal: boolInput.optional() }) }, config: { access: ['admin'] } },
    async (request) => {
      const body = request.body as { hide_study_abroad_modal?: boolean; hide_full_detail_modal?: boolean };
      await app.db
        .insert(modalSettings)
        .values({ id: 1, ...body })
        .onConflictDoUpdate({ target: modalSettings.id, set: { ...body, updated_at: sql`now()` } });
      return readModalSettings();
    },
  );

  app.get(
    '/ads/',
    { schema: { tags: ['Ads'], querystring: z.strictObject({ placement: z.enum(AD_PLACEMENTS) }), summary: 'Ads running now in a placement, heaviest first' }, config: { access: 'public' } },
    async (request) => {
      const { placement } = request.query as { placement: string };
      return app.db
        .select({ id: ads.id, placement: ads.placement, title: ads.title, redirect_url: ads.redirect_url, desktop_image_url: ads.desktop_image_url, mobile_image_url: ads.mobile_image_url, weight: ads.weight })
        .from(ads)
        .where(and(eq(ads.placement, placement), eq(ads.active, true), or(isNull(ads.starts_at), lte(ads.starts_at, sql`now()`)), or(isNull(ads.ends_at), gt(ads.ends_at, sql`now()`))))
        .orderBy(sql`${ads.weight} DESC`, ads.id);
    },
  );
}
