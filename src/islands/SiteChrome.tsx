/** @jsxImportSource preact */
import { useEffect } from 'preact/compat';
import { $session, restoreSession } from '../lib/stores/session.ts';
import { noteMailedLink } from '../lib/site/autoDialogs.ts';
import { sendPageview, type Institute } from './beacon.ts';
import type { ProviderFlags } from '../lib/site/booking.ts';
import { CounsellingBanner } from './CounsellingBanner.tsx';
import { RoadblockAd } from './RoadblockAd.tsx';
import { $asOf, asOfText, watchOffline } from '../lib/stores/offline.ts';
import { useStore } from './useStore.ts';
import { $queueNote, startSendLater } from '../lib/stores/sendLater.ts';
import { watchDataSaver } from '../lib/stores/dataSaver.ts';

export interface SiteChromeProps {
  path: string;
  /** the provider page being viewed (consultancy detail): its verified and claimed flags */
  provider?: ProviderFlags | null;
  /** institution pages: sent with the pageview */
  institute?: Institute | null;
}

/**
 * The shared elements of every public page (SPEC §2), as one island. Its wrapper is rendered on the
 * server too: Astro picks an island's renderer by rendering it, and an island whose server output
 * is empty would be taken for a non-Preact component.
 */
export default function SiteChrome({ path, provider, institute }: SiteChromeProps) {
  const asOf = useStore($asOf);
  const queueNote = useStore($queueNote);
  useEffect(() => {
    watchOffline();
    watchDataSaver();
    noteMailedLink();
    if ($session.get().loading) restoreSession();
    startSendLater();
    void sendPageview(institute);
    // institute is the island's prop, the same for the page's life: one page view per page
  }, [institute]);
  return (
    <div className="site-chrome">
      {queueNote && (
        <p role="status" className="send-later">
          {queueNote}
        </p>
      )}
      {asOf && (
        <p role="status" className="as-of">
          {asOfText(asOf)}
        </p>
      )}
      <CounsellingBanner provider={provider} path={path} />
      <RoadblockAd path={path} />
    </div>
  );
}
