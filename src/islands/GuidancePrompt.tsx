/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import { bookingAvailable, type ProviderFlags } from '../lib/site/booking.ts';
import { dismissPrompt, promptFor } from '../lib/site/prompts.ts';
import { $modalSettings, $siteSettings, loadModalSettings, loadSiteSettings } from '../lib/stores/settings.ts';
import { CounsellorActions } from './CounsellorActions.tsx';
import { useStore } from './useStore.ts';

export interface GuidancePromptProps {
  path: string;
  /** detail pages: the title the "see full details" card names */
  detailTitle?: string | null;
  provider?: ProviderFlags | null;
}

/**
 * SPEC §2's second shared component and the full-detail prompt, as one card in the page flow after
 * the content (src/lib/site/prompts.ts says which, and when neither): never a dialog, so it never
 * covers what the visitor is reading or typing. The wrapper is always rendered: Astro picks an
 * island's renderer by rendering it on the server.
 */
export default function GuidancePrompt({ path, detailTitle, provider }: GuidancePromptProps) {
  const flags = useStore($modalSettings);
  const settings = useStore($siteSettings);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    void loadModalSettings();
    void loadSiteSettings();
  }, []);

  const prompt = hidden ? null : promptFor(path, detailTitle, flags);
  const close = () => {
    if (prompt) dismissPrompt(prompt);
    setHidden(true);
  };
  // the booking dialog lives in the banner: offer it only when the banner is there to open it
  const canBook = bookingAvailable(settings, provider);
  return (
    <div className="counsellor-prompt">
      {prompt === 'guidance' ? (
        <section className="panel mt-6" aria-labelledby="prompt-title" data-prompt="guidance">
          <h2 id="prompt-title">Planning to study abroad?</h2>
          <p>Get free, personal guidance on countries, universities, exams and scholarships from a verified counsellor.</p>
          <CounsellorActions canBook={canBook} book="Get free guidance" find="Find a consultancy" dismiss="Not now" onClose={close} />
        </section>
      ) : prompt === 'full-detail' ? (
        <section className="panel mt-6" aria-labelledby="prompt-title" data-prompt="full-detail">
          <h2 id="prompt-title">See the full details</h2>
          <p>
            Want the full picture on {detailTitle}: fees, intakes, scholarships and your chances? A counsellor can walk you through it for
            free.
          </p>
          <CounsellorActions canBook={canBook} book="Talk to a counsellor" find="Find a counsellor" dismiss="Not now" onClose={close} />
        </section>
      ) : null}
    </div>
  );
}
