import { useStore } from '@nanostores/react';
import type { MapStore } from 'nanostores';
import { institutionEntity, type Institution } from '../lib/api/dashboard.ts';
import { formatDate } from '../lib/format.ts';
import { CHECKED_ON, staleAt } from '../lib/shared/checked.ts';
import { confirmOwnFacts, type AsyncState } from '../lib/stores/adminDashboard.ts';

type Profile = { $state: MapStore<AsyncState<Record<string, unknown> & { id: number }>>; load(): Promise<void> };

/**
 * An institution's own fees and intakes (its declaration's `confirmed`): when they were last
 * confirmed, whether the public page now calls them out of date, and one click to say they are
 * still correct.
 */
export function FactsCheck({ kind, profile }: { kind: Institution; profile: Profile }) {
  const decl = institutionEntity[kind];
  const { data } = useStore(profile.$state);
  if (!decl.confirmed || !data) return null;
  const labels = decl.confirmed.map((f) => decl.fields[f]?.label.toLowerCase()).filter(Boolean);
  const checked = formatDate(data[CHECKED_ON]);
  const at = staleAt(data[CHECKED_ON]);
  const stale = at === null || at < Date.now();
  return (
    <section
      className={`panel my-4 grid justify-items-start gap-1.5 border-l-4 ${stale ? 'border-l-unverified bg-unverified/5' : 'border-l-checked'}`}
      aria-labelledby="facts-check"
    >
      <h2 id="facts-check">Your fees and intakes</h2>
      <p>
        {checked ? `Last confirmed on ${checked}.` : 'Never confirmed yet.'}{' '}
        {stale ? 'Your public page says they may be out of date.' : 'Your public page shows this date.'}
      </p>
      <p className="text-muted">Covers: {labels.join(', ')}. Changing one of them in your profile confirms them too.</p>
      <button type="button" className="btn-primary" onClick={() => void confirmOwnFacts(kind, profile)}>
        Still correct
      </button>
    </section>
  );
}
