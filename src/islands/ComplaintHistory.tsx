/** @jsxImportSource preact */
import type { ComplaintEvent } from '../lib/contract/complaints.ts';
import { formatDate } from '../lib/format.ts';
import { eventTitle } from '../lib/shared/complaint-record.ts';

/** A complaint's history, oldest first: who, what and when, and the words of each message or note. */
export function ComplaintHistory({ events, labelOf }: { events: ComplaintEvent[]; labelOf: (author: ComplaintEvent['author']) => string }) {
  return (
    <ol className="timeline">
      {events.map((e, i) => (
        <li key={i} className={i === events.length - 1 ? 'current' : undefined} data-author={e.author}>
          <strong>{eventTitle(e, labelOf(e.author))}</strong> <span className="muted">{formatDate(e.created_at, { time: true })}</span>
          {e.body ? <p className="pre-line">{e.body}</p> : null}
        </li>
      ))}
    </ol>
  );
}
