/** @jsxImportSource preact */
import { useEffect } from 'preact/compat';
import { $session, restoreSession } from '../lib/stores/session.ts';
import { sendPageview, type Institute } from './beacon.ts';
import type { ProviderFlags } from '../lib/site/booking.ts';
import { CounsellingBanner } from './CounsellingBanner.tsx';
import { FullDetailPrompt } from './FullDetailPrompt.tsx';
import { GuidanceModal } from './GuidanceModal.tsx';
import { RoadblockAd } from './RoadblockAd.tsx';

export interface SiteChromeProps {
  path: string;
  /** the provider page being viewed (consultancy detail): its verified and claimed flags */
  provider?: ProviderFlags | null;
  /** institution pages: sent with the pageview */
  institute?: Institute | null;
  /** detail pages: the title the "see full details" prompt names */
  detailTitle?: string | null;
}

/**
 * The shared elements of every public page (SPEC §2), as one island. Its wrapper is rendered on the
 * server too: Astro picks an island's renderer by rendering it, and an island whose server output
 * is empty would be taken for a non-Preact component.
 */
export default function SiteChrome({ path, provider, institute, detailTitle }: SiteChromeProps) {
  useEffect(() => {
    if ($session.get().loading) restoreSession();
    void sendPageview(institute);
  }, []);
  return (
    <div className="site-chrome">
      <CounsellingBanner provider={provider} path={path} />
      <RoadblockAd path={path} />
      <GuidanceModal path={path} provider={provider} />
      {detailTitle ? <FullDetailPrompt title={detailTitle} provider={provider} /> : null}
    </div>
  );
}
