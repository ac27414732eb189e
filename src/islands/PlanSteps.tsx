/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import { formatDate, formatNumber, countOf } from '../lib/format.ts';
import { staleAt } from '../lib/shared/checked.ts';
import { $planTicks, loadPlanTicks, shareAddress, sharedTicks, syncTicksWithAccount, toggleTick } from '../lib/stores/planTicks.ts';
import { $session, restoreSession } from '../lib/stores/session.ts';
import { useStore } from './useStore.ts';

/** What the plan shows of a step (a plan step row's fields). */
export interface PlanStep {
  id: number;
  title: string;
  what_to_do: string;
  where: string;
  documents: string[];
  typical_days: number | null;
  fee_npr: number | null;
  official_links: string[];
  notes_nepal: string;
  facts_checked_on: string | null;
}

interface Props {
  destinationId: number;
  destinationName: string;
  /** the page's own path, /destination/{slug}/plan/, which a shared address opens */
  pagePath: string;
  steps: PlanStep[];
}

function Tick({
  id,
  label,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: () => void;
}) {
  return (
    <label className="plan-tick flex min-h-11 items-center gap-2" htmlFor={id}>
      <input id={id} type="checkbox" className="size-5 shrink-0" checked={checked} disabled={disabled} onChange={onChange} />
      <span>{label}</span>
    </label>
  );
}

function Facts({ step }: { step: PlanStep }) {
  const at = staleAt(step.facts_checked_on);
  const facts: [string, string][] = [
    ['Where', step.where],
    ['Typical time', step.typical_days === null ? '' : countOf(step.typical_days, 'day')],
    ['Fee', step.fee_npr === null ? '' : `NPR ${formatNumber(step.fee_npr)}`],
  ];
  return (
    <>
      {step.what_to_do && <p>{step.what_to_do}</p>}
      <dl className="facts">
        {facts
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {step.notes_nepal && (
        <p>
          <strong>For students in Nepal:</strong> {step.notes_nepal}
        </p>
      )}
      {step.official_links.length > 0 && (
        <p className="plan-links">
          Official source{step.official_links.length > 1 ? 's' : ''}:{' '}
          {step.official_links.map((href, i) => (
            <span key={href}>
              {i > 0 && ', '}
              <a href={href} rel="noopener" data-print-href>
                {new URL(href).hostname.replace(/^www\./, '')}
              </a>
            </span>
          ))}
        </p>
      )}
      <p className={at !== null && at < Date.now() ? 'checked stale' : 'checked'}>
        {step.facts_checked_on ? `Checked on ${formatDate(step.facts_checked_on)}.` : 'Not confirmed yet.'}
        {at !== null && at < Date.now() && <strong> May be out of date: confirm with the official source.</strong>}
      </p>
    </>
  );
}

/** Share with parents: the device's share sheet where there is one, else the address to copy. */
function Share({ address }: { address: string }) {
  const [shown, setShown] = useState(false);
  const share = async () => {
    setShown(true);
    if (typeof navigator.share === 'function') await navigator.share({ url: address }).catch(() => {});
    else await navigator.clipboard?.writeText(address).catch(() => {});
  };
  return (
    <div className="no-print">
      <p className="row">
        <button type="button" className="btn primary" onClick={() => void share()}>
          Share with parents
        </button>{' '}
        <button type="button" className="btn" onClick={() => window.print()}>
          Print
        </button>
      </p>
      {shown && (
        <p>
          <label htmlFor="plan-share">A read-only link to your plan as ticked now:</label>
          <input id="plan-share" className="w-full" readOnly value={address} onFocus={(e) => e.currentTarget.select()} />
        </p>
      )}
    </div>
  );
}

/**
 * A destination's plan (/destination/{slug}/plan/): its steps in order, each step and document ticked
 * on the device (src/lib/stores/planTicks.ts). Opened from a shared address (?ticked=…) it shows
 * those ticks, read only.
 */
export default function PlanSteps({ destinationId, destinationName, pagePath, steps }: Props) {
  const all = useStore($planTicks);
  const [ready, setReady] = useState(false);
  const [shared, setShared] = useState<string[] | null>(null);
  useEffect(() => {
    if ($session.get().loading) restoreSession();
    loadPlanTicks();
    setShared(sharedTicks(window.location.search));
    setReady(true);
    void syncTicksWithAccount();
  }, []);
  const readOnly = shared !== null;
  const ticks = new Set(shared ?? all[destinationId] ?? []);
  const done = steps.filter((s) => ticks.has(String(s.id))).length;
  const toggle = (tick: string) => () => void toggleTick(destinationId, tick);
  return (
    <div className="plan">
      {readOnly ? (
        <p className="notice" role="status">
          A plan shared with you: the ticks are the student's, read only. <a href={pagePath}>Open your own plan</a>
        </p>
      ) : (
        ready && <Share address={shareAddress(window.location.origin, pagePath, [...ticks])} />
      )}
      <p className="plan-progress" aria-live="polite">
        {done} of {countOf(steps.length, 'step')} done{readOnly ? '' : ', kept on this device'}.
      </p>
      <ol className="plan-steps">
        {steps.map((step) => (
          <li key={step.id} className="panel">
            <h2 className="mt-0 text-lg">
              <Tick
                id={`step-${step.id}`}
                label={step.title}
                checked={ticks.has(String(step.id))}
                disabled={!ready || readOnly}
                onChange={toggle(String(step.id))}
              />
            </h2>
            <Facts step={step} />
            {step.documents.length > 0 && (
              <>
                <h3 className="text-base">Documents</h3>
                <ul className="plan-documents list-none pl-0">
                  {step.documents.map((doc, i) => (
                    <li key={doc}>
                      <Tick
                        id={`doc-${step.id}-${i}`}
                        label={doc}
                        checked={ticks.has(`${step.id}.${i}`)}
                        disabled={!ready || readOnly}
                        onChange={toggle(`${step.id}.${i}`)}
                      />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </li>
        ))}
      </ol>
      {steps.length === 0 && <p>No steps for {destinationName} yet.</p>}
    </div>
  );
}
