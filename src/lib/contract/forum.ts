/** Forum rules the API enforces and the pages explain: one place for both. */

/** how long after posting an author may still edit a question or reply */
export const EDIT_WINDOW_MINUTES = 15;
/** an author's posts this recent are compared with a new one (exact and near duplicates are refused) */
export const DUPLICATE_WINDOW_HOURS = 24;
/** how alike (0..1, shared three-letter pieces) two posts must be to count as the same post */
export const NEAR_DUPLICATE = 0.85;

/** A web address or a bare domain, as spam carries them. */
export const LINK = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|net|org|info|biz|io|co|me|xyz|top|site|online|ly|to|np)\b/i;

export type InstitutionKind = 'consultancy' | 'college' | 'university';
/** What an answer from a verified institution's account says about its author. */
export const institutionLabel = (kind: InstitutionKind, name: string) => `Verified ${kind}: ${name}`;
