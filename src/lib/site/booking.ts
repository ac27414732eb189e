import type { SiteSettingsState } from '../stores/settings.ts';

/** The provider page being viewed (consultancy pages): its verified and claimed flags. */
export interface ProviderFlags {
  verified?: boolean;
  claimed?: boolean;
}

/**
 * SPEC §2: the counselling banner, and with it the booking dialog, exists only when the settings
 * have loaded, give a featured provider id and name, show_counselling_bar is on, and the provider
 * page viewed is neither verified nor claimed. The prompts that offer booking follow the same rule,
 * since the dialog they open is the banner's.
 */
export function bookingAvailable(settings: SiteSettingsState, provider?: ProviderFlags | null): boolean {
  const data = settings.data;
  return (
    !settings.loading &&
    Boolean(data?.featured_counselling_consultancy_id) &&
    Boolean(data?.featured_counselling_consultancy_name) &&
    data?.show_counselling_bar === true &&
    !provider?.verified &&
    !provider?.claimed
  );
}
