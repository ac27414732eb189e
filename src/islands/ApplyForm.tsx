/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import { loadDestinations, submitApplication, type Option } from '../lib/api/public.ts';
import { recognitionOf, type RecognitionNote } from '../lib/site/recognition.ts';
import { explained, licenceWarning, type LicenceOnRecord } from '../lib/site/trust.ts';
import { Combobox } from './Combobox.tsx';
import { useDropdownOptions } from './useDropdownOptions.ts';
import { EDUCATION_LEVELS } from '../lib/contract/applications.ts';
import { Field, FailureNote, SubmitButton } from './FormBits.tsx';
import { useSubmit } from './useSubmit.ts';

export const APPLY_FAILED = 'Failed to submit application';

export interface ApplyFormProps {
  consultancyId: number;
  consultancyName: string;
  /** the consultancy's verified licence on record (null: none): no valid one, and the form warns first */
  licence: LicenceOnRecord | null;
}

/**
 * The warning before applying to a consultancy without a valid licence: as loud as the
 * recognition warning, with the page that explains it one link away. Decided at render, in the
 * browser too, so a licence that lapsed since the build warns.
 */
export function LicenceWarning({ name, licence }: { name: string; licence: LicenceOnRecord | null }) {
  const text = licenceWarning(name, licence);
  if (!text) return null;
  return (
    <p className={licence ? 'notice lapsed' : 'notice'} role="status" data-licence-warning>
      {text} <a href={explained('licence')}>How we check licences</a>
    </p>
  );
}

function Sent({ consultancyName, code }: { consultancyName: string; code: string }) {
  return (
    <section className="panel" aria-live="polite">
      <h2>Application sent to {consultancyName}</h2>
      <p>Your tracking code:</p>
      <p className="tracking-code" data-testid="tracking-code">
        {code}
      </p>
      <p>Keep it: you need it to check the status or change your application.</p>
      <p>
        <a className="btn primary" href={`/track/?code=${encodeURIComponent(code)}`}>
          Track this application
        </a>
      </p>
    </section>
  );
}

function DestinationField({ errors }: { errors?: string[] }) {
  // loaded here rather than built into the page: a new destination then re-renders no apply page
  const [destinations, setDestinations] = useState<Option[]>([]);
  useEffect(() => {
    void loadDestinations().then(setDestinations);
  }, []);
  return (
    <Field id="ap-destination" label="Destination" errors={errors}>
      <select id="ap-destination" name="destination" defaultValue="">
        <option value="">Not decided yet</option>
        {destinations.map((d) => (
          <option key={d.value} value={String(d.value)}>
            {d.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

function UniversityField({ errors }: { errors?: string[] }) {
  const universities = useDropdownOptions('university/dropdown');
  const [university, setUniversity] = useState('');
  // what we know of the chosen university's recognition: a warning when nothing is on record
  const [recognition, setRecognition] = useState<RecognitionNote | null>(null);
  useEffect(() => {
    setRecognition(null);
    if (!university) return;
    let current = true;
    void recognitionOf(university).then((note) => current && setRecognition(note));
    return () => {
      current = false;
    };
  }, [university]);
  return (
    <>
      <Combobox
        label="University (if you have one in mind)"
        name="university"
        options={universities.options}
        value={university}
        onChange={setUniversity}
        loading={universities.loading}
        placeholder="Type to search universities"
        loadingPlaceholder="Loading universities..."
        emptyMessage="No university by that name."
        error={errors?.join(' ')}
      />
      {recognition && (
        <p className={recognition.warn ? 'notice' : 'notice ok'} role="status">
          {recognition.text} <a href={explained('recognised')}>How we check</a>
        </p>
      )}
    </>
  );
}

/** /consultancy/{slug}/apply/: the application (documents optional); shows the tracking code. */
export default function ApplyForm({ consultancyId, consultancyName, licence }: ApplyFormProps) {
  const apply = useSubmit(async (form) => {
    for (const file of form.getAll('documents')) if (file instanceof File && file.size === 0) form.delete('documents');
    if (!form.get('destination')) form.delete('destination');
    if (!form.get('university')) form.delete('university');
    return (await submitApplication(form)).tracking_code;
  }, APPLY_FAILED);
  if (apply.result) return <Sent consultancyName={consultancyName} code={apply.result} />;

  const f = apply.failure?.fields ?? {};
  return (
    <form
      method="post"
      action="/api/consultancy-application/submit/"
      onSubmit={apply.onSubmit}
      className="panel"
      encType="multipart/form-data"
    >
      {/* sent by a plain post too, when scripts do not run */}
      <input type="hidden" name="consultancy" value={String(consultancyId)} />
      <LicenceWarning name={consultancyName} licence={licence} />
      <Field id="ap-name" label="Full name" required errors={f.full_name}>
        <input id="ap-name" name="full_name" required autoComplete="name" maxLength={200} />
      </Field>
      <Field id="ap-email" label="Email" required errors={f.email}>
        <input id="ap-email" name="email" type="email" required autoComplete="email" />
      </Field>
      <Field id="ap-phone" label="Phone" required errors={f.phone}>
        <input id="ap-phone" name="phone" type="tel" required autoComplete="tel" />
      </Field>
      <Field id="ap-address" label="Address" errors={f.address}>
        <input id="ap-address" name="address" autoComplete="street-address" />
      </Field>
      <DestinationField errors={f.destination} />
      <UniversityField errors={f.university} />
      <Field id="ap-intake" label="Preferred intake" errors={f.preferred_intake}>
        <input id="ap-intake" name="preferred_intake" placeholder="e.g. September 2027" />
      </Field>
      <Field id="ap-level" label="Education level" errors={f.education_level}>
        <select id="ap-level" name="education_level" defaultValue="">
          <option value="">Choose</option>
          {EDUCATION_LEVELS.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </select>
      </Field>
      <Field id="ap-message" label="Message" errors={f.message}>
        <textarea id="ap-message" name="message" rows={4} />
      </Field>
      <Field id="ap-docs" label="Documents (optional: PDF or images)" errors={f.documents}>
        <input id="ap-docs" name="documents" type="file" multiple accept="application/pdf,image/*" />
      </Field>
      <FailureNote failure={apply.failure} />
      <SubmitButton className="btn primary wide" busy={apply.busy} busyLabel="Sending..." native>
        Submit application
      </SubmitButton>
    </form>
  );
}
