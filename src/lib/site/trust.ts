/**
 * The public page that says what each badge and date on the site means and how we check it
 * (src/pages/how-we-verify.astro). Every badge links to its part of that page.
 */
export const HOW_WE_VERIFY = '/how-we-verify/';

/** The parts of the page, by what they explain: a badge links to `explained(topic)`. */
export const TRUST_TOPICS = ['licence', 'verified', 'moe-certified', 'recognised', 'verified-applicant', 'complaints', 'checked-on'] as const;
export type TrustTopic = (typeof TRUST_TOPICS)[number];

export const explained = (topic: TrustTopic | string) => `${HOW_WE_VERIFY}#${topic}`;
