import { atom } from 'nanostores';
import { modalSettings, siteSettings, type ModalSettings, type SiteSettings } from '../api/public.ts';

/**
 * Site settings (counselling banner) and modal settings (guidance modal, full-detail prompt).
 * Each is fetched once per page and shared by every island that needs it.
 */
export interface SiteSettingsState {
  /** on until the settings call has finished (banner hidden meanwhile) */
  loading: boolean;
  /** null when the call failed (banner hidden) */
  data: SiteSettings | null;
}

export const $siteSettings = atom<SiteSettingsState>({ loading: true, data: null });
export const $modalSettings = atom<ModalSettings & { loaded: boolean }>({
  hide_study_abroad_modal: false,
  hide_full_detail_modal: false,
  loaded: false,
});

let siteSettingsCall: Promise<void> | null = null;
let modalSettingsCall: Promise<void> | null = null;

export function loadSiteSettings(): Promise<void> {
  siteSettingsCall ??= siteSettings()
    .then((data) => $siteSettings.set({ loading: false, data }))
    .catch((err: unknown) => {
      console.warn('site settings unavailable', err);
      $siteSettings.set({ loading: false, data: null });
    });
  return siteSettingsCall;
}

/** Never raises: both flags default to false (SPEC §8). */
export function loadModalSettings(): Promise<void> {
  modalSettingsCall ??= modalSettings().then((flags) => $modalSettings.set({ ...flags, loaded: true }));
  return modalSettingsCall;
}

/** Tests start each case from scratch. */
export function resetSettings() {
  siteSettingsCall = null;
  modalSettingsCall = null;
  $siteSettings.set({ loading: true, data: null });
  $modalSettings.set({ hide_study_abroad_modal: false, hide_full_detail_modal: false, loaded: false });
}

/** The booking dialog is opened by the banner, the 2 s timer, or the guidance modal. */
export const $bookingOpen = atom(false);
