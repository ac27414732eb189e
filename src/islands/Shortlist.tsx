/** @jsxImportSource preact */
import { useEffect, useMemo, useState } from 'preact/compat';
import { list } from '../lib/api/public.ts';
import type { CardDeclaration, RefMaps, Row } from '../lib/site/cards.ts';
import { COMPARE_MAX } from '../lib/site/compare.ts';
import { refsOf } from '../lib/site/refs.ts';
import { wireSaveButtons } from '../lib/site/saveButtons.ts';
import { wireQualifyMarks } from '../lib/site/qualifyMarks.ts';
import { downloadCalendar, savedDates, type DatedKind, type SavedDate } from '../lib/site/shortlistDates.ts';
import { dayOnDevice, formatDate } from '../lib/format.ts';
import { $shortlist, fromQuery, saveAll, shareQuery, type Saved } from '../lib/stores/shortlist.ts';
import { $reminders, loadReminders, setReminders } from '../lib/stores/deadlineReminders.ts';
import { $session } from '../lib/stores/session.ts';
import { countOf } from '../lib/format.ts';
import EntityCard from './EntityCard.tsx';
import { useStore } from './useStore.ts';

export interface ShortlistKind {
  card: CardDeclaration;
  /** what its next date is read from (shortlistDates.ts) */
  dated: DatedKind;
  plural: string;
  path: string;
  refPaths: Record<string, string>;
  compare: boolean;
}

type Loaded = Record<string, { rows: Row[]; refs: RefMaps }>;

/** The saved rows of each kind, read in one call per kind (`ids`), in the order they were saved. */
async function load(items: Saved[], kinds: ShortlistKind[]): Promise<Loaded> {
  const out: Loaded = {};
  await Promise.all(
    kinds.map(async (kind) => {
      const ids = items.filter((i) => i.entity === kind.card.name).map((i) => i.id);
      if (!ids.length) return;
      const page = await list(kind.path, { ids: ids.slice(0, 100).join(','), page_size: 100 });
      const rows = ids.map((id) => page.results.find((r) => r.id === id)).filter((r): r is Row => Boolean(r));
      out[kind.card.name] = { rows, refs: await refsOf(rows, kind.refPaths) };
    }),
  );
  return out;
}

/** The saved rows of one kind, with Compare when the kind compares and more than one is saved. */
function KindSection({ kind, group }: { kind: ShortlistKind; group: Loaded[string] }) {
  const compared = group.rows
    .slice(0, COMPARE_MAX)
    .map((r) => r.id)
    .join(',');
  return (
    <section aria-labelledby={`sl-${kind.card.name}`}>
      <h2 id={`sl-${kind.card.name}`}>
        {kind.plural} <span className="muted">({group.rows.length})</span>
      </h2>
      {kind.compare && group.rows.length > 1 && (
        <p>
          <a className="btn primary" href={`/compare/?${kind.card.name}=${compared}`}>
            Compare {group.rows.length > COMPARE_MAX ? `the first ${COMPARE_MAX}` : 'them'} side by side
          </a>
        </p>
      )}
      <ul className="cards">
        {group.rows.map((row) => (
          <EntityCard key={row.id} decl={kind.card} row={row} refs={group.refs} level={3} />
        ))}
      </ul>
    </section>
  );
}

/** The loaded rows' next dates, from today on this device. */
const useSavedDates = (loaded: Loaded | null, kinds: ShortlistKind[]) =>
  useMemo(
    () =>
      loaded
        ? savedDates(
            kinds.flatMap((k) => (loaded[k.card.name] ? [{ kind: k.dated, rows: loaded[k.card.name]!.rows }] : [])),
            dayOnDevice(),
          )
        : [],
    [loaded, kinds],
  );

/** Signed in: the box that has these dates mailed before they come; signed out: where to get it. */
function Reminders() {
  const { user } = useStore($session);
  const reminders = useStore($reminders);
  useEffect(() => {
    if (user) void loadReminders();
  }, [user]);
  if (!user)
    return (
      <p className="muted">
        <a href="/login/?next=/shortlist/">Sign in</a> to get these dates by email 30, 7 and 1 days before.
      </p>
    );
  if (!reminders) return null;
  return (
    <p>
      <label>
        <input type="checkbox" checked={reminders.on} onChange={(e) => void setReminders(e.currentTarget.checked)} /> Email me 30, 7 and 1
        days before each date
      </label>
      {reminders.error && (
        <span role="alert" className="error">
          {' '}
          {reminders.error}
        </span>
      )}
    </p>
  );
}

/** The saved rows' next deadlines and intakes, each and all of them to add to a calendar. */
function Dates({ dates }: { dates: SavedDate[] }) {
  const profile = (
    <p>
      <a href="/my-profile/">Your scores and grades</a>: course cards say whether you meet their requirements.
    </p>
  );
  if (!dates.length) return profile;
  return (
    <>
      <section aria-labelledby="sl-dates" className="panel">
        <h2 id="sl-dates">Dates to keep</h2>
        <ul>
          {dates.map((d) => (
            <li key={d.uid}>
              {d.label} {formatDate(d.date)}: <a href={d.href}>{d.title}</a>{' '}
              <button
                type="button"
                className="btn"
                onClick={() => downloadCalendar([d], d.uid.split('@')[0]!)}
                aria-label={`Add ${d.title}, ${d.label.toLowerCase()}, to my calendar`}
              >
                Add to calendar
              </button>
            </li>
          ))}
        </ul>
        <p>
          <button type="button" className="btn primary" onClick={() => downloadCalendar(dates, 'shortlist-dates')}>
            Add all {dates.length} dates to my calendar
          </button>
        </p>
        <Reminders />
      </section>
      {profile}
    </>
  );
}

/**
 * /shortlist/: what the student saved on this device (and on the account once signed in), by kind,
 * with Compare for the kinds that compare, and a link to share it. Opened from a shared link
 * (?university=3,17), it shows that list and offers to save it.
 */
export default function Shortlist({ kinds }: { kinds: ShortlistKind[] }) {
  const saved = useStore($shortlist);
  const [shared, setShared] = useState<Saved[] | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState('');
  const [copied, setCopied] = useState(false);
  // the list by what it holds, not by identity: the effects below run again only when that changes
  const key = JSON.stringify(shared ?? saved);
  const items = useMemo(() => JSON.parse(key) as Saved[], [key]);

  useEffect(() => {
    wireSaveButtons(document);
    wireQualifyMarks(document);
    const fromLink = fromQuery(
      location.search,
      kinds.map((k) => k.card.name),
    );
    if (fromLink.length) setShared(fromLink);
    // kinds is the island's prop, the same array for the island's life
  }, [kinds]);

  useEffect(() => {
    load(items, kinds)
      .then(setLoaded)
      .catch((err: unknown) => setError(err instanceof Error ? err.message : 'Could not load your shortlist.'));
  }, [items, kinds]);

  const dates = useSavedDates(loaded, kinds);
  const link = useMemo(() => (typeof location === 'undefined' ? '' : `${location.origin}/shortlist/${shareQuery(items)}`), [items]);
  const share = async () => {
    if (typeof navigator.share === 'function')
      return void (await navigator.share({ title: 'My study-abroad shortlist', url: link }).catch(() => undefined));
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
  };

  if (error) return <p className="error">{error}</p>;
  return (
    <>
      {shared && (
        <div className="panel">
          <p>Someone shared this shortlist with you: {countOf(shared.length, 'item')}.</p>
          <button
            type="button"
            className="btn primary"
            onClick={() => void saveAll(shared).then(() => (history.replaceState(null, '', '/shortlist/'), setShared(null)))}
          >
            Save these to my shortlist
          </button>
        </div>
      )}
      {items.length === 0 ? (
        <p>
          Nothing saved yet. Tap ☆ Save on a university, course, consultancy or scholarship to keep it here, on this phone, without an
          account.
        </p>
      ) : !loaded ? (
        <p className="muted">Loading…</p>
      ) : (
        <>
          {!shared && (
            <p className="row">
              <button type="button" className="btn" onClick={() => void share()}>
                Share this list
              </button>
              {copied && <span role="status">Link copied.</span>}
              <input
                aria-label="Link to this shortlist"
                readOnly
                value={link}
                className="share-link"
                onFocus={(e) => e.currentTarget.select()}
              />
            </p>
          )}
          <Dates dates={dates} />
          {kinds.map((kind) => {
            const group = loaded[kind.card.name];
            return group?.rows.length ? <KindSection key={kind.card.name} kind={kind} group={group} /> : null;
          })}
        </>
      )}
    </>
  );
}
