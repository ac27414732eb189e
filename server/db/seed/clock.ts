/**
 * Dated content (events, scholarships, offers, articles, ads) is placed relative to this fixed day,
 * so two seeds on different days produce identical rows. Some events start more than a year after
 * it, so the demo keeps upcoming events for at least a year after late 2026.
 */
export const SEED_EPOCH = Date.UTC(2026, 10, 1);

const DAY_MS = 86_400_000;

/** An ISO timestamp `days` (fractional allowed) after the epoch. */
export const epochTime = (days: number) => new Date(SEED_EPOCH + Math.round(days * DAY_MS)).toISOString();

/** A YYYY-MM-DD date `days` after the epoch. */
export const epochDate = (days: number) => epochTime(Math.floor(days)).slice(0, 10);

/**
 * Activity (forum posts, pageviews, leads) is placed relative to the real time of the seed, so
 * "trending" and the admin charts have data whenever the demo is started. Only created_at uses it.
 */
export const daysAgo = (now: number, days: number) => new Date(now - Math.round(days * DAY_MS)).toISOString();
