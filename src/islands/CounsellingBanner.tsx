/** @jsxImportSource preact */
import { lazy, Suspense, useEffect } from 'preact/compat';
import { bookingAvailable, type ProviderFlags } from '../lib/site/booking.ts';
import { claimAutoOpen, mayOpenByItself, roadblockWait, whenQuiet } from '../lib/site/autoDialogs.ts';
import { $bookingOpen, $siteSettings, loadSiteSettings } from '../lib/stores/settings.ts';
import { $booked, dismissBooking } from '../lib/stores/booking.ts';
import { useStore } from './useStore.ts';

const BookingDialog = lazy(() => import('./BookingDialog.tsx').then((m) => ({ default: m.BookingDialog })));
// the slot picker and its store, loaded once a booking is made: not in the JS every page loads
const BookedSession = lazy(() => import('./BookedSession.tsx').then((m) => ({ default: m.BookedSession })));

export const AUTO_OPEN_MS = 2000;

/**
 * SPEC §2: the floating counselling banner, shown per bookingAvailable (src/lib/site/booking.ts).
 * It holds the one booking dialog of the page; when shown, the dialog opens by itself 2000 ms later,
 * as src/lib/site/autoDialogs.ts allows: once per browser session, on its first page, after the
 * roadblock ad is closed and a moment more, and only while the visitor is idle.
 */
export function CounsellingBanner({ provider, path }: { provider?: ProviderFlags | null; path: string }) {
  const settings = useStore($siteSettings);
  const open = useStore($bookingOpen);
  const booked = useStore($booked);

  useEffect(() => {
    void loadSiteSettings();
  }, []);

  const data = settings.data;
  const visible = bookingAvailable(settings, provider);

  useEffect(() => {
    if (!visible || !mayOpenByItself('booking', path)) return;
    const due = Date.now() + AUTO_OPEN_MS;
    const cancel = whenQuiet(
      () => Math.max(due - Date.now(), roadblockWait()),
      () => {
        if (claimAutoOpen('booking', path)) $bookingOpen.set(true);
      },
    );
    // opened with Book Now (or from a prompt) first: that was the session's booking dialog
    const unlisten = $bookingOpen.listen((isOpen) => {
      if (!isOpen) return;
      cancel();
      claimAutoOpen('booking', path);
    });
    return () => {
      cancel();
      unlisten();
    };
  }, [visible, path]);

  if (booked && !open) {
    return (
      <aside className="banner" aria-label="Your counselling booking" role="status" data-booked>
        <p>
          Booked: your reference is <strong data-booking-reference>{booked.reference}</strong>. {booked.provider} will call you on{' '}
          {booked.phone} within {booked.days} working days; we sent these details to {booked.email}.
        </p>
        <Suspense fallback={null}>
          <BookedSession booked={booked} />
        </Suspense>
        <button type="button" className="btn" onClick={dismissBooking}>
          OK
        </button>
      </aside>
    );
  }
  if (!visible || !data) return null;
  const name = data.featured_counselling_consultancy_name ?? '';
  return (
    <>
      <aside className="banner" aria-label="Free counselling">
        <p>
          Need guidance? Study Abroad FREE counseling with{' '}
          {data.featured_counselling_consultancy_slug ? (
            <a href={`/consultancy/${data.featured_counselling_consultancy_slug}/`}>{name}</a>
          ) : (
            <strong>{name}</strong>
          )}
          {data.featured_counselling_consultancy_verified ? <span className="badge ok ml-1.5"> Verified</span> : null}
        </p>
        <button type="button" className="btn primary" onClick={() => $bookingOpen.set(true)}>
          Book Now
        </button>
      </aside>
      {open ? (
        <Suspense fallback={null}>
          <BookingDialog
            providerId={data.featured_counselling_consultancy_id}
            providerName={name}
            onClose={() => $bookingOpen.set(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
