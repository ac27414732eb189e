/** @jsxImportSource preact */
import { lazy, Suspense, useEffect, useState } from 'preact/compat';
import { bookingAvailable, type ProviderFlags } from '../lib/site/booking.ts';
import { claimAutoOpen, mayOpenByItself } from '../lib/site/autoDialogs.ts';
import { $dialogs } from '../lib/site/dialogs.ts';
import { $bookingOpen, $siteSettings, loadSiteSettings } from '../lib/stores/settings.ts';
import { useStore } from './useStore.ts';

const BookingDialog = lazy(() => import('./BookingDialog.tsx').then((m) => ({ default: m.BookingDialog })));

export const AUTO_OPEN_MS = 2000;

/**
 * SPEC §2: the floating counselling banner, shown per bookingAvailable (src/lib/site/booking.ts).
 * It holds the one booking dialog of the page; when shown, the dialog opens by itself 2000 ms later,
 * or, when another dialog is open then (the roadblock ad of a first visit), as soon as that one is
 * closed: never stacked over an ad the visitor has not dismissed yet. It opens by itself only as
 * src/lib/site/autoDialogs.ts allows: once per browser session, never on a task page.
 */
export function CounsellingBanner({ provider, path }: { provider?: ProviderFlags | null; path: string }) {
  const settings = useStore($siteSettings);
  const open = useStore($bookingOpen);
  const dialogs = useStore($dialogs);
  const [due, setDue] = useState(false);

  useEffect(() => {
    void loadSiteSettings();
  }, []);

  const data = settings.data;
  const visible = bookingAvailable(settings, provider);

  useEffect(() => {
    if (!visible || !mayOpenByItself('booking', path)) return;
    const timer = setTimeout(() => setDue(true), AUTO_OPEN_MS);
    return () => clearTimeout(timer);
  }, [visible, path]);

  useEffect(() => {
    if (!due || dialogs.length > 0) return;
    setDue(false);
    if (claimAutoOpen('booking', path)) $bookingOpen.set(true);
  }, [due, dialogs, path]);

  if (!visible || !data) return null;
  const name = data.featured_counselling_consultancy_name ?? '';
  return (
    <>
      <aside className="banner" aria-label="Free counselling">
        <p>
          Need guidance? Study Abroad FREE counseling with{' '}
          {data.featured_counselling_consultancy_slug ? <a href={`/consultancy/${data.featured_counselling_consultancy_slug}/`}>{name}</a> : <strong>{name}</strong>}
          {data.featured_counselling_consultancy_verified ? <span className="badge ok"> Verified</span> : null}
        </p>
        <button type="button" className="btn primary" onClick={() => $bookingOpen.set(true)}>
          Book Now
        </button>
      </aside>
      {open ? (
        <Suspense fallback={null}>
          <BookingDialog providerId={data.featured_counselling_consultancy_id} providerName={name} onClose={() => $bookingOpen.set(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
