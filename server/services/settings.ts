import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { ads, consultancies, modalSettings, siteSettings } from '../db/schema/index.ts';
import { bumpContentVersion, bumpKindVersions } from '../content-version.ts';
import { badRequest } from '../errors.ts';
import { licenceValues, promotable } from './licence-values.ts';
import type { Runner } from './tx.ts';
import { formatDate } from '../../src/lib/format.ts';

const boolInput = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

export const siteSettingsChange = z.strictObject({
  featured_counselling_consultancy_id: z.number().int().positive().nullable().optional(),
  show_counselling_bar: boolInput.optional(),
});
export const modalSettingsChange = z.strictObject({
  hide_study_abroad_modal: boolInput.optional(),
  hide_full_detail_modal: boolInput.optional(),
});

/**
 * The site settings, with the featured consultancy's name, slug and standing for the banner. Only a
 * consultancy we may promote (verified, licensed: licence-values.ts) is given: once its licence
 * lapses or is withdrawn, or it loses `verified`, the featured id and name are null, so the banner
 * (which reads this at run time) hides without a rebuild; admins are told once (featuredWithdrawn).
 */
export async function readSiteSettings(db: Db) {
  const [row] = await db
    .select({
      featured_counselling_consultancy_id: siteSettings.featured_counselling_consultancy_id,
      featured_counselling_consultancy_name: consultancies.name,
      featured_counselling_consultancy_slug: consultancies.slug,
      featured_counselling_consultancy_verified: consultancies.verified,
      featured_counselling_consultancy_claimed: consultancies.claimed,
      promotable: sql<boolean>`coalesce(${promotable}, false)`,
      show_counselling_bar: siteSettings.show_counselling_bar,
      updated_at: siteSettings.updated_at,
    })
    .from(siteSettings)
    .leftJoin(consultancies, eq(consultancies.id, siteSettings.featured_counselling_consultancy_id))
    .where(eq(siteSettings.id, 1));
  if (!row || !row.promotable) {
    return {
      featured_counselling_consultancy_id: null,
      featured_counselling_consultancy_name: null,
      featured_counselling_consultancy_slug: null,
      featured_counselling_consultancy_verified: false,
      featured_counselling_consultancy_claimed: false,
      show_counselling_bar: row?.show_counselling_bar ?? false,
      updated_at: row?.updated_at ?? null,
    };
  }
  const { promotable: _promotable, ...settings } = row;
  return settings;
}

/** Why a consultancy may not be featured, or null when it may: not verified by us, no licence on record, or a lapsed one. */
export async function notPromotable(db: Runner, consultancyId: number): Promise<string | null> {
  const [c] = await db
    .select({ name: consultancies.name, verified: consultancies.verified, licence: licenceValues.licence.sql, promotable })
    .from(consultancies)
    .where(eq(consultancies.id, consultancyId));
  if (!c) return 'No consultancy has this id.';
  if (c.promotable) return null;
  if (!c.verified)
    return `${c.name} is not verified by us: only a verified consultancy with a verified, unexpired licence can be featured.`;
  if (c.licence)
    return `${c.name}'s licence expired on ${formatDate(c.licence.expires_on)}: only a consultancy with a verified, unexpired licence can be featured.`;
  return `${c.name} has no licence on record: only a consultancy with a verified, unexpired licence can be featured.`;
}

/** Pages show the banner's consultancy: a change moves the content version with it. Never promote what a page warns about. */
export async function updateSiteSettings(db: Db, change: z.infer<typeof siteSettingsChange>) {
  if (change.featured_counselling_consultancy_id) {
    const why = await notPromotable(db, change.featured_counselling_consultancy_id);
    if (why) throw badRequest(`This consultancy cannot be featured. ${why}`, { featured_counselling_consultancy_id: [why] });
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ id: 1, ...change })
      .onConflictDoUpdate({ target: siteSettings.id, set: { ...change, updated_at: sql`now()` } });
    await bumpContentVersion(tx, ['settings']);
  });
  return readSiteSettings(db);
}

export async function readModalSettings(db: Db) {
  const [row] = await db
    .select({
      hide_study_abroad_modal: modalSettings.hide_study_abroad_modal,
      hide_full_detail_modal: modalSettings.hide_full_detail_modal,
    })
    .from(modalSettings)
    .where(eq(modalSettings.id, 1));
  return row ?? { hide_study_abroad_modal: false, hide_full_detail_modal: false };
}

export async function updateModalSettings(db: Db, change: z.infer<typeof modalSettingsChange>) {
  // the pages read them in the browser: the API's cached answer moves, the site is not built again
  await db.transaction(async (tx) => {
    await tx
      .insert(modalSettings)
      .values({ id: 1, ...change })
      .onConflictDoUpdate({ target: modalSettings.id, set: { ...change, updated_at: sql`now()` } });
    await bumpKindVersions(tx, ['settings']);
  });
  return readModalSettings(db);
}

/** Ads running now in a placement, heaviest first. */
export const runningAds = (db: Db, placement: string) =>
  db
    .select({
      id: ads.id,
      placement: ads.placement,
      title: ads.title,
      redirect_url: ads.redirect_url,
      desktop_image_url: ads.desktop_image_url,
      mobile_image_url: ads.mobile_image_url,
      desktop_image_2x_url: ads.desktop_image_2x_url,
      mobile_image_2x_url: ads.mobile_image_2x_url,
      weight: ads.weight,
    })
    .from(ads)
    .where(
      and(
        eq(ads.placement, placement),
        eq(ads.active, true),
        or(isNull(ads.starts_at), lte(ads.starts_at, sql`now()`)),
        or(isNull(ads.ends_at), gt(ads.ends_at, sql`now()`)),
      ),
    )
    .orderBy(sql`${ads.weight} DESC`, ads.id);
