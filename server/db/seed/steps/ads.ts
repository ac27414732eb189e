import { eq } from 'drizzle-orm';
import { ads, modalSettings, siteSettings } from '../../schema/index.ts';
import { insertRows } from '../bulk.ts';
import { epochTime } from '../clock.ts';
import type { SeedContext } from './context.ts';

/** One live roadblock ad (no end date, so it stays live), one switched off and one expired. */
export async function seedAds({ tx, images }: SeedContext) {
  const expo = {
    desktop_image_url: images.ad.desktop,
    mobile_image_url: images.ad.mobile,
    desktop_image_2x_url: images.ad.desktop2x,
    mobile_image_2x_url: images.ad.mobile2x,
    redirect_url: 'https://example.com/study-abroad-expo',
  };
  await insertRows(tx, ads, [
    {
      placement: 'roadblock_ad',
      title: 'Study Abroad Expo 2027: meet 60+ universities in Kathmandu',
      ...expo,
      starts_at: epochTime(-30),
      ends_at: null,
      weight: 1,
      active: true,
    },
    {
      placement: 'roadblock_ad',
      title: 'IELTS Weekend Batch: 20% off (paused)',
      ...expo,
      starts_at: epochTime(-20),
      ends_at: null,
      weight: 1,
      active: false,
    },
    {
      placement: 'roadblock_ad',
      title: 'Japan April Intake Seminar (ended)',
      ...expo,
      starts_at: epochTime(-90),
      ends_at: epochTime(-10),
      weight: 1,
      active: true,
    },
  ]);
}

/** The counselling banner features a verified, licensed consultancy (never one a page warns about); both study-abroad modals stay visible. */
export async function seedSettings({ tx }: SeedContext, featuredConsultancyId: number) {
  await tx
    .update(siteSettings)
    .set({ featured_counselling_consultancy_id: featuredConsultancyId, show_counselling_bar: true })
    .where(eq(siteSettings.id, 1));
  await tx.update(modalSettings).set({ hide_study_abroad_modal: false, hide_full_detail_modal: false }).where(eq(modalSettings.id, 1));
}
