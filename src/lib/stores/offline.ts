import { atom } from 'nanostores';

/**
 * The page's offline state (issue 27): whether the device is online, and, when the page was
 * served by the service worker from its copy (public/sw.js marks it with a <meta>), when that copy
 * was fetched: the site shows "as of <time>".
 */
export const $online = atom(true);
export const $asOf = atom<Date | null>(null);

export function watchOffline() {
  if (typeof window === 'undefined') return;
  const at = document.querySelector<HTMLMetaElement>('meta[name="sw-cached-at"]')?.content;
  $asOf.set(at ? new Date(at) : null);
  $online.set(navigator.onLine);
  addEventListener('online', () => $online.set(true));
  addEventListener('offline', () => $online.set(false));
  // no worker on plain-http hosts other than localhost: the site then simply works online only
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}

export const asOfText = (at: Date) =>
  `Saved copy as of ${at.toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}: you are offline, so this page may be out of date.`;
