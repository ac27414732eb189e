import { useMemo } from 'react';
import type { Erasure } from '../lib/api/erasures.ts';
import { formatDate } from '../lib/format.ts';
import { erasureList } from '../lib/stores/erasures.ts';
import { PagedCards } from './PagedCards.tsx';

/** What each kind of data in an erasure's count is called. */
const KIND_LABELS: Record<string, string> = {
  application: 'application blanked',
  status_history: 'timeline notes blanked',
  document_requests: 'document requests removed',
  documents: 'documents removed',
  mail: 'mails about it removed',
};

/** The admins' Erasures: every erasure a student asked for, done at once; what went, never who it was. */
export function AdminErasures() {
  const store = useMemo(() => erasureList(), []);
  return (
    <PagedCards<Erasure>
      name="erasures"
      title="Erasure requests"
      intro="A student who asks from the tracking page has their application's personal data erased at once: documents and messages removed, name, email, phone, address and message blanked. The stages and dates stay, without identity, for the consultancy's figures."
      store={store}
      empty="No student has asked for erasure."
      card={(e) => (
        <li key={e.id} className="panel grid gap-1">
          <h2 className="text-base">
            Application #{e.application_id ?? '(deleted)'} · {e.consultancy_name ?? 'consultancy deleted'}
          </h2>
          <p className="text-muted">
            Erased <time dateTime={e.created_at}>{formatDate(e.created_at, { time: true })}</time> · {e.files_removed} files deleted
          </p>
          <p>
            {Object.entries(e.removed)
              .map(([kind, n]) => `${n} ${KIND_LABELS[kind] ?? kind.replace(/_/g, ' ')}`)
              .join(' · ')}
          </p>
        </li>
      )}
    />
  );
}
