/** @jsxImportSource preact */
import { useState, type FormEvent } from 'preact/compat';
import type { ApplicationStatus } from '../lib/api/public.ts';
import { formatDate } from '../lib/format.ts';
import { actorText, claimText, journeySteps, type Step } from '../lib/shared/stage-timeline.ts';
import type { TrackStore } from '../lib/stores/track.ts';
import { useStore } from './useStore.ts';
import { FailureNote } from './FormBits.tsx';

const STATE_TEXT = { done: 'Done', current: 'Current stage', skipped: 'Not needed', future: 'Still to come' } as const;

/**
 * The application's journey on /track/: every stage in order, an ordered list whose current item
 * carries aria-current="step"; done stages with date, who and note; the stages to come greyed.
 */
export function StageTimeline({ status, store }: { status: ApplicationStatus; store: TrackStore }) {
  const steps = journeySteps(status.status, status.timeline);
  return (
    <>
      <h3 id="journey-title">Your journey</h3>
      <ol className="journey" aria-labelledby="journey-title">
        {steps.map((step) => (
          <li key={step.stage} className={`journey-step ${step.state}`} aria-current={step.state === 'current' ? 'step' : undefined}>
            <span className="journey-dot" aria-hidden="true" />
            <strong>{step.label}</strong> <span className="sr-only">({STATE_TEXT[step.state]})</span>
            {step.entry ? <StepDetails step={step} store={store} /> : null}
          </li>
        ))}
      </ol>
    </>
  );
}

function StepDetails({ step, store }: { step: Step; store: TrackStore }) {
  const entry = step.entry!;
  return (
    <div className="journey-details">
      <p className="muted">
        {formatDate(entry.created_at, { time: true })} · {actorText(entry)}
      </p>
      {entry.note ? <p>{entry.note}</p> : null}
      {step.decision ? (
        <p className={entry.student_answer === 'confirmed' ? 'success' : 'claim'}>
          {claimText(entry.student_answer)}
          {entry.student_note ? `: “${entry.student_note}”` : ''}
        </p>
      ) : null}
      {step.answerable ? <AnswerForm decision={step.decision!} store={store} answered={entry.student_answer ?? null} /> : null}
    </div>
  );
}

/** Confirm the decision, or say it is not right (with what is wrong). */
function AnswerForm({ decision, store, answered }: { decision: 'offer' | 'visa'; store: TrackStore; answered: string | null }) {
  const { busy, error, errorIn } = useStore(store.$track);
  const [disputing, setDisputing] = useState(false);
  const [note, setNote] = useState('');
  const what = decision === 'offer' ? 'offer' : 'visa decision';
  const onDispute = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.answer(decision, 'disputed', note)) setDisputing(false);
  };
  return (
    <div className="journey-answer">
      {answered !== 'confirmed' ? (
        <button type="button" className="btn" disabled={busy} onClick={() => void store.answer(decision, 'confirmed')}>
          Confirm this {what}
        </button>
      ) : null}{' '}
      {answered !== 'disputed' && !disputing ? (
        <button type="button" className="btn" disabled={busy} onClick={() => setDisputing(true)}>
          This {what} is not right
        </button>
      ) : null}
      {disputing ? (
        <form method="post" onSubmit={onDispute}>
          <label htmlFor={`dispute-${decision}`}>What is not right? (optional)</label>
          <textarea id={`dispute-${decision}`} rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <button type="submit" className="btn danger" disabled={busy}>
            Say the {what} is not right
          </button>
        </form>
      ) : null}
      {errorIn === 'answer' ? <FailureNote failure={error} /> : null}
    </div>
  );
}
