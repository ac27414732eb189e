/** @jsxImportSource preact */
import { useMemo, useState, type FormEvent } from 'preact/compat';
import type { ReviewState } from '../lib/api/reviews.ts';
import { ASPECT_LABELS, ASPECTS, RATING_MAX, TEXT_MAX, TEXT_MIN, type Aspect } from '../lib/contract/reviews.ts';
import { formatDate, formatMonth } from '../lib/format.ts';
import { createReviewStore, type ReviewStore } from '../lib/stores/review.ts';
import { Field, FailureNote, SubmitButton } from './FormBits.tsx';
import { useStore } from './useStore.ts';
import { useTrackingCode } from './useTrackingCode.ts';

const SAVED_TEXT = {
  created: 'Thank you: your review is published. It shows on the consultancy’s page within a minute or two.',
  updated: 'Your changes are saved. They show on the consultancy’s page within a minute or two.',
} as const;

/** /review/: a tracking code first; then, once the consultancy has acted on the application, the review or its edit. */
export default function Review({ store: given }: { store?: ReviewStore }) {
  const store = useMemo(() => given ?? createReviewStore(), [given]);
  const { state, busy, saved, error, errorIn } = useStore(store.$review);
  const [code, setCode] = useTrackingCode(store.check);

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    void store.check(code);
  };

  return (
    <>
      <form method="post" onSubmit={onCheck} className="panel row" role="search">
        <div className="field grow">
          <label htmlFor="rv-code">Tracking code</label>
          <input
            id="rv-code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            required
            autoComplete="off"
            autoCapitalize="characters"
          />
        </div>
        <SubmitButton busy={busy && !state} busyLabel="Checking…">
          Continue
        </SubmitButton>
      </form>
      {errorIn === 'check' ? <FailureNote failure={error} /> : null}
      {saved ? (
        <p className="success" role="status">
          {SAVED_TEXT[saved]}{' '}
          {state ? <a href={`/consultancy/${state.consultancy.slug}/#reviews`}>See {state.consultancy.name}’s page</a> : null}
        </p>
      ) : null}
      {state ? <ReviewPanel key={state.tracking_code} state={state} store={store} /> : null}
    </>
  );
}

function ReviewPanel({ state, store }: { state: ReviewState; store: ReviewStore }) {
  const name = state.consultancy.name;
  if (!state.acted) {
    return (
      <section className="panel" aria-live="polite">
        <h2>Review {name}</h2>
        <p className="notice" role="alert">
          {state.refusal}
        </p>
        <p>
          <a href={`/track/?code=${encodeURIComponent(state.tracking_code)}`}>See where your application stands</a>
        </p>
      </section>
    );
  }
  return (
    <section className="panel" aria-live="polite">
      <h2>{state.review ? `Edit your review of ${name}` : `Review ${name}`}</h2>
      <p className="muted">Shown as “Verified applicant, applied {formatMonth(state.applied_month)}”: never your name, email or phone.</p>
      {state.review?.removed ? (
        <p className="notice">
          An admin removed this review from the page: {state.review.removed_reason}. You can still change it; it stays removed unless an
          admin restores it.
        </p>
      ) : null}
      <ReviewForm state={state} store={store} />
      {state.review?.reply ? (
        <div className="review-reply">
          <p>
            <strong>Reply from {name}</strong>
            {state.review.replied_at ? <span className="muted"> · {formatDate(state.review.replied_at)}</span> : null}
          </p>
          <p className="pre-line">{state.review.reply}</p>
        </div>
      ) : null}
    </section>
  );
}

function ReviewForm({ state, store }: { state: ReviewState; store: ReviewStore }) {
  const { busy, error, errorIn } = useStore(store.$review);
  const current = state.review;
  const [ratings, setRatings] = useState<Partial<Record<Aspect, number>>>(
    current ? { honesty: current.honesty, responsiveness: current.responsiveness, visa_guidance: current.visa_guidance } : {},
  );
  const [text, setText] = useState(current?.text ?? '');
  const f = errorIn === 'save' ? (error?.fields ?? {}) : {};

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const [honesty, responsiveness, visa_guidance] = ASPECTS.map((a) => ratings[a] ?? 0);
    await store.save({ honesty: honesty!, responsiveness: responsiveness!, visa_guidance: visa_guidance!, text });
  };

  return (
    <form method="post" onSubmit={onSubmit}>
      {ASPECTS.map((aspect) => (
        <fieldset key={aspect} className="rating">
          <legend>{ASPECT_LABELS[aspect]} *</legend>
          {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
            <label key={n}>
              <input
                type="radio"
                name={aspect}
                value={n}
                required
                checked={ratings[aspect] === n}
                onChange={() => setRatings((r) => ({ ...r, [aspect]: n }))}
              />
              <span>{n}</span>
            </label>
          ))}
          <span className="muted"> out of {RATING_MAX}</span>
          {f[aspect]?.length ? <p className="error">{f[aspect]!.join(' ')}</p> : null}
        </fieldset>
      ))}
      <Field id="rv-text" label={`Your experience (${TEXT_MIN} to ${TEXT_MAX} characters)`} required errors={f.text}>
        <textarea
          id="rv-text"
          rows={6}
          minLength={TEXT_MIN}
          maxLength={TEXT_MAX}
          required
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
        />
      </Field>
      <p className="muted">
        {text.trim().length} of at least {TEXT_MIN} characters
      </p>
      {errorIn === 'save' ? <FailureNote failure={error} /> : null}
      <SubmitButton busy={busy} busyLabel="Saving…">
        {current ? 'Save changes' : 'Publish review'}
      </SubmitButton>
    </form>
  );
}
