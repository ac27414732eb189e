/** @jsxImportSource preact */
import { BADGE_CLASSES, cardOf, type Badge, type CardDeclaration, type RefMaps, type Row } from '../lib/site/cards.ts';
import type { Rates } from '../lib/site/money.ts';
import { hasRequirements, requirementsOf } from '../lib/shared/qualify.ts';

export interface EntityCardProps {
  decl: CardDeclaration;
  row: Row;
  refs: RefMaps;
  /** heading level of the card title: 2 under the page's h1, 3 under a section's h2 */
  level?: 2 | 3;
  /** exchange rates: amounts show rupees beside them */
  rates?: Rates;
}

/**
 * Saves a row to the shortlist; invisible until src/lib/site/saveButtons.ts wires it (no script, no
 * dead button), but in the layout (`data-unwired`, not `hidden`, which Tailwind's preflight makes
 * `display: none !important`), so the card does not reflow when it shows.
 */
export function SaveButton({ save, title }: { save: string; title: string }) {
  return (
    <button
      type="button"
      className="save"
      data-save={save}
      data-unwired=""
      aria-pressed="false"
      aria-label={`Save ${title} to your shortlist`}
    >
      ☆ Save
    </button>
  );
}

/**
 * A course's "Do I qualify?" line, on its card and its page, which src/lib/site/qualifyMarks.ts fills
 * from the device's profile. "Requirements not on record" needs no profile, so it is in the HTML
 * already: nothing grows when the script runs.
 */
export function QualifyMark({ row, role }: { row: Row; role?: 'status' }) {
  const req = requirementsOf(row);
  const stated = hasRequirements(req);
  return (
    <p className={stated ? 'qualify' : 'qualify none'} data-requirements={JSON.stringify(req)} hidden={stated} role={role}>
      {stated ? null : 'Requirements not on record'}
    </p>
  );
}

/**
 * A row's badges, on cards and pages. One that holds until a date (a licence) is dropped by the
 * browser on that day (ended.ts's marks), and its lapsed badge ("Licence expired") shown instead.
 */
export function Badges({ badges }: { badges: Badge[] }) {
  if (!badges.length) return null;
  return (
    <p>
      {badges.map((b) =>
        b.until === undefined ? (
          <a key={b.label} href={b.href} className={BADGE_CLASSES[b.tone]}>
            {b.label}
          </a>
        ) : (
          <span key={b.label} data-ends={b.until}>
            <a href={b.href} className={BADGE_CLASSES[b.tone]} data-current="">
              {b.label}
            </a>
            {b.lapsed && (
              <a href={b.href} className={BADGE_CLASSES.lapsed} data-ended="" hidden>
                {b.lapsed}
              </a>
            )}
          </span>
        ),
      )}
    </p>
  );
}

/**
 * A row's card: the static lists render it at build time (src/components/Card.astro) and the list
 * island renders it for live results, so a search shows the same pictures, badges and facts.
 */
export default function EntityCard({ decl, row, refs, level = 2, rates }: EntityCardProps) {
  const card = cardOf(decl, row, refs, Date.now(), rates);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <li className={card.end?.ended ? 'card ended' : 'card'} data-ends={card.end?.at}>
      {card.flag ? (
        <img className="flag" src={card.flag} alt="" width={48} height={36} loading="lazy" decoding="async" />
      ) : (
        card.image && <img src={card.image} alt="" width={48} height={48} loading="lazy" decoding="async" />
      )}
      <div>
        <Heading>
          <a href={card.href}>{card.title}</a>
        </Heading>
        {card.end && (
          <p data-ended hidden={!card.end.ended}>
            <span className="badge warn">{card.endBadge}</span>
          </p>
        )}
        {card.end && !card.end.ended && (
          <p className="closes" data-closes={card.end.at} hidden={!card.closes}>
            {card.closes}
          </p>
        )}
        <Badges badges={card.badges} />
        {card.text && <p>{card.text}</p>}
        {decl.entryRequirements && <QualifyMark row={row} />}
      </div>
      {card.save && <SaveButton save={card.save} title={card.title} />}
    </li>
  );
}
