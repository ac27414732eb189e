/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import { bookingAvailable, type ProviderFlags } from '../lib/site/booking.ts';
import { claimAutoOpen, mayOpenByItself } from '../lib/site/autoDialogs.ts';
import { $dialogs } from '../lib/site/dialogs.ts';
import { $bookingOpen, $modalSettings, $siteSettings, loadModalSettings } from '../lib/stores/settings.ts';
import { CounsellorActions } from './CounsellorActions.tsx';
import { Dialog } from './Dialog.tsx';
import { useStore } from './useStore.ts';

export const GUIDANCE_DELAY_MS = 20_000;

/** Hidden on admin, dashboard, login and the consultancy pages (SPEC §2). */
export const guidanceAllowed = (path: string) => !/^\/(admin|dashboard|login|consultancy)(\/|$)/.test(path);

/**
 * SPEC §2's second shared component: a short study-abroad guidance prompt leading into the inquiry
 * flow. After a while on the page, never over another dialog, as src/lib/site/autoDialogs.ts allows,
 * and not when the modal settings say hide_study_abroad_modal.
 */
export function GuidanceModal({ path, provider }: { path?: string; provider?: ProviderFlags | null }) {
  const flags = useStore($modalSettings);
  const settings = useStore($siteSettings);
  const bookingOpen = useStore($bookingOpen);
  const dialogs = useStore($dialogs);
  const [due, setDue] = useState(false);
  const [open, setOpen] = useState(false);
  const here = path ?? (typeof location === 'undefined' ? '/' : location.pathname);
  const allowed = guidanceAllowed(here);

  useEffect(() => {
    if (!allowed || !mayOpenByItself('guidance', here)) return;
    // asked for when the prompt is due, not with the page: one request fewer in a phone's first view (issue 22)
    const timer = setTimeout(() => {
      void loadModalSettings();
      setDue(true);
    }, GUIDANCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [allowed, here]);

  useEffect(() => {
    if (!due || !flags.loaded || flags.hide_study_abroad_modal || bookingOpen || dialogs.length > 0) return;
    setDue(false);
    if (claimAutoOpen('guidance', here)) setOpen(true);
  }, [due, flags, bookingOpen, dialogs, here]);

  if (!allowed || flags.hide_study_abroad_modal || !open) return null;
  // the booking dialog lives in the banner: offer it only when the banner is there to open it
  const canBook = bookingAvailable(settings, provider);
  return (
    <Dialog title="Planning to study abroad?" onClose={() => setOpen(false)} size="sm" className="guidance">
      <p>Get free, personal guidance on countries, universities, exams and scholarships from a verified counsellor.</p>
      <CounsellorActions canBook={canBook} book="Get free guidance" find="Find a consultancy" dismiss="Not now" onClose={() => setOpen(false)} />
    </Dialog>
  );
}
