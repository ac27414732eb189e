/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import { roadblockAds, type Ad } from '../lib/api/public.ts';
import { isTaskPage } from '../lib/site/autoDialogs.ts';
import { Dialog } from './Dialog.tsx';

export const SHOWN_KEY = 'roadblock_ad_shown';

/** SPEC §2, to the letter: never on paths starting with /admin or /dashboard. */
export const roadblockAllowed = (path: string) => !(path.startsWith('/admin') || path.startsWith('/dashboard'));

const alreadyShown = () => {
  try {
    return sessionStorage.getItem(SHOWN_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * SPEC §2, §4: the roadblock ad, at most once per browser session. It counts as shown as soon as
 * one is fetched. Desktop image on wide screens, mobile image on small; alt = title; the link
 * opens in a new tab; fetch errors are only logged.
 */
export function RoadblockAd({ path }: { path?: string }) {
  const [ad, setAd] = useState<Ad | null>(null);

  useEffect(() => {
    const here = path ?? window.location.pathname;
    // on a task page (applying, tracking…) the session's one ad waits for the next page
    if (!roadblockAllowed(here) || !roadblockAllowed(window.location.pathname) || isTaskPage(here) || alreadyShown()) return;
    let live = true;
    roadblockAds()
      .then((ads) => {
        if (ads.length === 0) return;
        // SPEC §4: fetched means shown for the session, even an ad with no image to put on screen
        try {
          sessionStorage.setItem(SHOWN_KEY, '1');
        } catch {
          /* private mode: shown anyway */
        }
        const withImage = ads.find((a) => a.desktop_image_url || a.mobile_image_url);
        if (live && withImage) setAd(withImage);
      })
      .catch((err: unknown) => console.error('roadblock ad unavailable', err));
    return () => {
      live = false;
    };
  }, [path]);

  if (!ad) return null;
  const desktop = ad.desktop_image_url || ad.mobile_image_url || '';
  const mobile = ad.mobile_image_url || ad.desktop_image_url || '';
  const image = (
    <picture>
      <source media="(min-width: 768px)" srcSet={desktop} width={960} height={540} />
      {/* on a first visit the ad is the largest thing painted: fetch it ahead of the page's own images */}
      <img src={mobile} alt={ad.title} width={320} height={400} fetchpriority="high" />
    </picture>
  );
  return (
    <Dialog title={ad.title} onClose={() => setAd(null)} size="lg" className="roadblock" hideTitle>
      {ad.redirect_url ? (
        <a href={ad.redirect_url} target="_blank" rel="noopener noreferrer sponsored">
          {image}
        </a>
      ) : (
        image
      )}
    </Dialog>
  );
}
