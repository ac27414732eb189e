import { call } from './client.ts';

// The site-wide settings an admin changes (counselling bar, modals) and what the public site shows now.

/** A type, not an interface: the console's forms take it as a record of values. */
export type SiteSettings = {
  featured_counselling_consultancy_id: number | null;
  featured_counselling_consultancy_name?: string | null;
  featured_counselling_consultancy_slug?: string | null;
  featured_counselling_consultancy_verified?: boolean;
  show_counselling_bar: boolean;
};

export const getSiteSettings = () => call('Failed to fetch site settings', (c) => c.get('site-settings/').json<SiteSettings>());

export const updateSiteSettings = (values: { featured_counselling_consultancy_id: number | null; show_counselling_bar: boolean }) =>
  call('Failed to update site settings', (c) => c.patch('site-settings/update/', { json: values }).json<SiteSettings>());

export type ModalSettings = {
  hide_study_abroad_modal: boolean;
  hide_full_detail_modal: boolean;
};

/** GET /api/site/status/: what the public site shows now (server/routes/site.ts). */
export interface SiteStatus {
  runner: boolean;
  content_version: number;
  live_version?: number | null;
  building?: boolean;
  pending?: boolean;
}

export const getSiteStatus = () => call('Failed to fetch the site status', (c) => c.get('site/status/').json<SiteStatus>());

export const MODAL_DEFAULTS: ModalSettings = { hide_study_abroad_modal: false, hide_full_detail_modal: false };

/** SPEC §8: never raises; on any failure both hide flags are false. */
export async function getModalSettings(): Promise<ModalSettings> {
  try {
    const s = await call('Failed to fetch modal settings', (c) => c.get('leads/modal-settings/').json<Partial<ModalSettings>>());
    return { hide_study_abroad_modal: s?.hide_study_abroad_modal === true, hide_full_detail_modal: s?.hide_full_detail_modal === true };
  } catch {
    return { ...MODAL_DEFAULTS };
  }
}

export const updateModalSettings = (values: ModalSettings) =>
  call('Failed to update modal settings', (c) => c.patch('leads/modal-settings/update/', { json: values }).json<ModalSettings>());
