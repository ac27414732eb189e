/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import { roadblockAds, type Ad } from '../lib/api/public.ts';
import { adPictures } from '../lib/site/adPictures.ts';
import { CONSOLE_PATH, WIDE } from '../lib/shared/auto-dialog-rules.ts';
import { $roadblock, claimAutoOpen, mayOpenByItself, whenQuiet } from '../lib/site/autoDialogs.ts';
import { $dataSaver } from '../lib/stores/dataSaver.ts';
import { Dialog } from './Dialog.tsx';

/** SPEC §2, to the letter: never on paths starting with /admin or /dashboard. */
export const roadblockAllowed = (path: string) => !CONSOLE_PATH.test(path);

/**
 * SPEC §2, §4: the roadblock ad, at most once per browser session, on the session's first page
 * (src/lib/site/autoDialogs.ts). It counts as shown as soon as one is fetched. It opens only once
 * the image this screen shows has loaded (never an empty box on a slow line), and only while the
 * visitor is idle. Desktop image on wide screens, mobile on small, each with its 2x copy for sharp
 * screens when the server kept one; alt = title; the link opens in a new tab; fetch errors are only logged. With data saver on (issue 27: no pictures) it is not
 * fetched at all, so the session's one showing is kept for a page where it can show.
 */
export function RoadblockAd({ path }: { path?: string }) {
  const [ad, setAd] = useState<Ad | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const here = path ?? window.location.pathname;
    if ($dataSaver.get() || !roadblockAllowed(here) || !roadblockAllowed(window.location.pathname) || !mayOpenByItself('roadblock', here))
      return;
    let live = true;
    $roadblock.set({ state: 'coming' });
    roadblockAds()
      .then((ads) => {
        // SPEC §4: fetched means shown for the session, even an ad with no image to put on screen
        if (ads.length > 0) claimAutoOpen('roadblock', here);
        const withImage = ads.find((a) => a.desktop_image_url || a.mobile_image_url);
        if (live && withImage) setAd(withImage);
        else $roadblock.set({ state: 'none' });
      })
      .catch((err: unknown) => {
        $roadblock.set({ state: 'none' });
        console.error('roadblock ad unavailable', err);
      });
    return () => {
      live = false;
    };
  }, [path]);

  useEffect(() => {
    if (!loaded) return;
    return whenQuiet(
      () => 0,
      () => {
        $roadblock.set({ state: 'open' });
        setOpen(true);
      },
    );
  }, [loaded]);

  const pictures = ad && adPictures(ad);
  if (!ad || !pictures) return null;
  const { desktop, mobile } = pictures;
  if (!open) {
    // loads the image this screen will show, out of sight (the same candidates, so the same density's
    // file); the dialog opens when it is there
    const wide = typeof matchMedia === 'function' && matchMedia(WIDE).matches;
    const shown = wide ? desktop : mobile;
    return (
      <img
        hidden
        alt=""
        src={shown.src}
        srcSet={shown.srcSet}
        data-roadblock-preload
        onLoad={() => setLoaded(true)}
        onError={() => {
          $roadblock.set({ state: 'none' });
          setAd(null);
        }}
      />
    );
  }
  const image = (
    <picture>
      <source media={WIDE} srcSet={desktop.srcSet} width={960} height={540} />
      <img src={mobile.src} srcSet={mobile.srcSet} alt={ad.title} width={320} height={400} />
    </picture>
  );
  const close = () => {
    $roadblock.set({ state: 'closed', at: Date.now() });
    setAd(null);
  };
  return (
    <Dialog title={ad.title} onClose={close} size="lg" className="roadblock" hideTitle>
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
