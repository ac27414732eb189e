import { formatDate } from '../format.ts';
import { hasEnded } from '../shared/ended.ts';

/**
 * The public page that says what each badge and date on the site means and how we check it
 * (src/pages/how-we-verify.astro). Every badge links to its part of that page.
 */
export const HOW_WE_VERIFY = '/how-we-verify/';

/** The parts of the page, by what they explain: a badge links to `explained(topic)`. */
export const TRUST_TOPICS = [
  'licence',
  'verified',
  'moe-certified',
  'recognised',
  'verified-applicant',
  'complaints',
  'checked-on',
] as const;
export type TrustTopic = (typeof TRUST_TOPICS)[number];

export const explained = (topic: TrustTopic | string) => `${HOW_WE_VERIFY}#${topic}`;

/** What a licence's public record holds that a warning reads. */
export interface LicenceOnRecord {
  issuing_office: string;
  expires_on: string;
}

/**
 * The warning a student reads before applying to (or booking with) a consultancy that holds no
 * valid licence, or null when it holds one: as loud as the apply form's recognition warning.
 * Decided in the browser at `now`, so a licence that lapsed since the page was built warns too.
 */
export function licenceWarning(name: string, licence: LicenceOnRecord | null | undefined, now = Date.now()): string | null {
  if (!licence)
    return `${name} has no licence on record: we have not verified any permission for it to advise students on studying abroad. Ask for its permission letter before you pay anything.`;
  if (hasEnded(licence.expires_on, now))
    return `${name}'s licence from ${licence.issuing_office} expired on ${formatDate(licence.expires_on)}, and we have not verified a renewal. Ask for the renewed permission before you pay anything.`;
  return null;
}
