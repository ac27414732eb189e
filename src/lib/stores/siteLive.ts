import { getSiteStatus } from '../api/settings.ts';

/** Where a saved change stands on the public site. */
export type LivePhase = 'waiting' | 'live' | 'slow';

export const LIVE_TEXT: Record<LivePhase, string> = {
  waiting: 'It will be live on the public site in a few seconds…',
  live: 'Live on the public site.',
  slow: 'The public site is taking longer than usual to update; the change shows there once it has been rebuilt.',
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After a content save: follows the site's rebuild until the change is live, calling `onPhase`
 * ('waiting', then 'live', or 'slow' after `giveUpMs`). Says nothing when no rebuild runner serves
 * the site (the API alone) or the status cannot be read; `isCurrent` stops a follow a newer save replaced.
 */
export async function followToLive(
  onPhase: (phase: LivePhase) => void,
  isCurrent: () => boolean,
  { intervalMs = 1000, giveUpMs = 60_000 } = {},
) {
  try {
    let status = await getSiteStatus();
    if (!status.runner) return;
    // the save has committed: the version now is the one the site must reach
    const target = status.content_version;
    const started = Date.now();
    while (isCurrent()) {
      if ((status.live_version ?? 0) >= target) return onPhase('live');
      if (Date.now() - started >= giveUpMs) return onPhase('slow');
      onPhase('waiting');
      await pause(intervalMs);
      status = await getSiteStatus();
    }
  } catch {
    // the status is a courtesy: a save that succeeded stays a success
  }
}
