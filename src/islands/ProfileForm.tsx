/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/compat';
import {
  $profile,
  formOfProfile,
  loadProfile,
  PROFILE_GRADES,
  PROFILE_TESTS,
  profileOfForm,
  saveProfile,
  syncProfileWithAccount,
} from '../lib/stores/profile.ts';
import { restoreSession } from '../lib/stores/session.ts';
import { Field, useHydrated } from './FormBits.tsx';
import { useStore } from './useStore.ts';

/** /my-profile/: the scores, grades, study gap and funds "Do I qualify?" reads, kept on this device (and the account once signed in). */
export default function ProfileForm() {
  const profile = useStore($profile);
  // what the student typed; until then the stored profile, once hydrated (the server renders the
  // form empty, so it is in the page's HTML and nothing moves; hydration does not set values)
  const hydrated = useHydrated();
  const [edited, setEdited] = useState<Record<string, string> | null>(null);
  const form = edited ?? formOfProfile(hydrated ? profile : {});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    restoreSession();
    loadProfile();
    void syncProfileWithAccount();
  }, []);

  const set = (name: string) => (e: Event) => {
    setEdited({ ...form, [name]: (e.currentTarget as HTMLInputElement).value });
    setSaved(false);
  };
  const input = (name: string, label: string, step: number, max: number) => (
    <Field id={`p-${name}`} label={label} errors={errors[name]}>
      <input id={`p-${name}`} type="number" inputMode="decimal" min={0} max={max} step={step} value={form[name]} onInput={set(name)} />
    </Field>
  );
  const submit = async (e: Event) => {
    e.preventDefault();
    const problems = await saveProfile(profileOfForm(form));
    setErrors(problems ?? {});
    setSaved(!problems);
  };

  return (
    <form method="post" onSubmit={(e) => void submit(e)} className="profile-form">
      <fieldset>
        <legend>English tests: fill in those you have taken</legend>
        {PROFILE_TESTS.map((t) => (
          <div className="row" key={t.key}>
            {input(`${t.key}.overall`, `${t.label} overall`, t.step, 160)}
            {input(`${t.key}.lowest`, `${t.label}: ${t.lowest.toLowerCase()}`, t.step, 160)}
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>Grades</legend>
        {PROFILE_GRADES.map((g) => (
          <div className="row" key={g.key}>
            {input(`${g.key}.value`, g.label, 0.01, 100)}
            <Field id={`p-${g.key}.scale`} label="Scale">
              <select id={`p-${g.key}.scale`} value={form[`${g.key}.scale`]} onChange={set(`${g.key}.scale`)}>
                <option value="gpa4">GPA out of 4</option>
                <option value="percent">Percentage</option>
              </select>
            </Field>
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>Gap and funds</legend>
        {input('study_gap_years', 'Years since your last studies (study gap)', 1, 30)}
        {input('funds_npr', 'Funds you can show, in rupees (NPR)', 1, 10_000_000_000)}
      </fieldset>
      <p className="row">
        <button type="submit" className="btn primary">
          Save my profile
        </button>
        {saved && <span role="status">Saved. Course pages now say whether you qualify.</span>}
      </p>
    </form>
  );
}
