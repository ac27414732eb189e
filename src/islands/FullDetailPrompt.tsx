/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import { bookingAvailable, type ProviderFlags } from '../lib/site/booking.ts';
import { claimAutoOpen, mayOpenByItself } from '../lib/site/autoDialogs.ts';
import { $dialogs } from '../lib/site/dialogs.ts';
import { $bookingOpen, $modalSettings, $siteSettings, loadModalSettings } from '../lib/stores/settings.ts';
import { CounsellorActions } from './CounsellorActions.tsx';
import { Dialog } from './Dialog.tsx';
import { useStore } from './useStore.ts';

/** share of the page scrolled before the prompt comes up */
export const FULL_DETAIL_AT = 0.75;

/**
 * The "see full details" prompt of detail pages: when the visitor has read most of the page, offer
 * the full picture (fees, intakes, scholarships) from a counsellor, as src/lib/site/autoDialogs.ts
 * allows; never when the modal settings say hide_full_detail_modal, nor over another dialog.
 */
export function FullDetailPrompt({ title, provider }: { title: string; provider?: ProviderFlags | null }) {
  const flags = useStore($modalSettings);
  const settings = useStore($siteSettings);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    void loadModalSettings();
  }, []);

  useEffect(() => {
    if (!flags.loaded || flags.hide_full_detail_modal || !mayOpenByItself('full-detail', location.pathname)) return;
    const onScroll = () => {
      const seen = (window.scrollY + window.innerHeight) / Math.max(document.documentElement.scrollHeight, 1);
      if (seen < FULL_DETAIL_AT || $bookingOpen.get() || $dialogs.get().length > 0) return;
      window.removeEventListener('scroll', onScroll);
      if (claimAutoOpen('full-detail', location.pathname)) setOpen(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [flags]);

  if (!open || flags.hide_full_detail_modal) return null;
  // the booking dialog lives in the banner: offer it only when the banner is there to open it
  const canBook = bookingAvailable(settings, provider);
  return (
    <Dialog title="See the full details" onClose={() => setOpen(false)} size="sm" className="full-detail">
      <p>Want the full picture on {title}: fees, intakes, scholarships and your chances? A counsellor can walk you through it for free.</p>
      <CounsellorActions canBook={canBook} book="Talk to a counsellor" find="Find a counsellor" dismiss="Keep reading" onClose={() => setOpen(false)} />
    </Dialog>
  );
}
