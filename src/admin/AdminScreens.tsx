import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { getSummary } from '../lib/api/analytics.ts';
import { getModalSettings, getSiteSettings, updateModalSettings, updateSiteSettings } from '../lib/api/settings.ts';
import { resources } from './resources/index.ts';
import type { FieldMeta } from '../lib/contract/fields.ts';
import { href, slugOf } from '../lib/stores/admin.ts';
import { createAsyncStore } from '../lib/stores/adminDashboard.ts';
import { createFormStore } from '../lib/stores/adminForm.ts';
import { rememberLabels } from '../lib/stores/adminRefs.ts';
import { BarList, LineChart } from './Chart.tsx';
import { EntityForm } from './EntityForm.tsx';
import { ADMIN_NAV, ADMIN_SCREENS } from './nav.ts';
import { ScreenHeader } from './ui.tsx';

const summary = createAsyncStore(() => getSummary(30));

/** Admin home: activity over the last 30 days and the way to every resource. */
export function Overview() {
  const s = useStore(summary.$state);
  useEffect(() => {
    void summary.load();
  }, []);
  return (
    <section aria-labelledby="overview-title">
      <ScreenHeader id="overview-title" title="Overview" />
      {s.error && (
        <p role="alert" className="alert-error">
          {s.error}
        </p>
      )}
      {s.loading && !s.data && <p role="status">Loading…</p>}
      {s.data && (
        <div className="grid gap-4 min-[1100px]:grid-cols-[2fr_1fr]">
          <LineChart
            title="Last 30 days"
            points={s.data.series}
            series={[
              { key: 'pageviews', label: 'Pageviews' },
              { key: 'inquiries', label: 'Inquiries' },
              { key: 'applications', label: 'Applications' },
            ]}
            empty="No pageviews, inquiries or applications in the last 30 days yet."
          />
          <BarList title="Pageviews by institution" items={s.data.byInstitution} />
        </div>
      )}
      <h2 className="mt-6 mb-3">Manage</h2>
      <div className="grid gap-4 min-[700px]:grid-cols-2 min-[1100px]:grid-cols-3">
        {ADMIN_NAV.map((group) => (
          <div key={group.title} className="panel">
            <h3 className="mb-1 text-sm tracking-wider text-muted uppercase">{group.title}</h3>
            <ul role="list" className="flex flex-wrap gap-x-4">
              {group.items.map((name) => (
                <li key={name}>
                  <a
                    className="inline-flex min-h-11 items-center"
                    href={ADMIN_SCREENS[name] ? href(ADMIN_SCREENS[name].route) : href('adminList', { resource: slugOf(name) })}
                  >
                    {labelOf(name)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

const labelOf = (name: string) => ADMIN_SCREENS[name]?.label ?? resources[name]?.plural ?? name;

const siteFields: Record<string, FieldMeta> = {
  featured_counselling_consultancy_id: {
    kind: 'ref',
    ref: 'consultancy',
    label: 'Featured counselling consultancy',
    help: 'Named in the floating "Book Now" banner on the public site.',
  },
  show_counselling_bar: { kind: 'boolean', label: 'Show the counselling bar' },
};

const modalFields: Record<string, FieldMeta> = {
  hide_study_abroad_modal: { kind: 'boolean', label: 'Hide the study-abroad modal' },
  hide_full_detail_modal: { kind: 'boolean', label: 'Hide the full-detail modal' },
};

/** Site settings (featured counselling consultancy, show_counselling_bar) and modal settings. */
export function Settings() {
  const site = useMemo(
    () =>
      createFormStore({
        fields: siteFields,
        load: async () => {
          const s = await getSiteSettings();
          if (s.featured_counselling_consultancy_id && s.featured_counselling_consultancy_name)
            rememberLabels('consultancy', [[s.featured_counselling_consultancy_id, s.featured_counselling_consultancy_name]]);
          return s;
        },
        save: async (v) => {
          const id = Number(v.featured_counselling_consultancy_id);
          return updateSiteSettings({
            featured_counselling_consultancy_id: Number.isInteger(id) && id > 0 ? id : null,
            show_counselling_bar: v.show_counselling_bar === true,
          });
        },
        savedMessage: 'Site settings saved.',
        followsSite: true,
      }),
    [],
  );
  const modal = useMemo(
    () =>
      createFormStore({
        fields: modalFields,
        load: getModalSettings,
        save: (v) =>
          updateModalSettings({
            hide_study_abroad_modal: v.hide_study_abroad_modal === true,
            hide_full_detail_modal: v.hide_full_detail_modal === true,
          }),
        savedMessage: 'Modal settings saved.',
      }),
    [],
  );
  return (
    <section aria-labelledby="settings-title">
      <ScreenHeader id="settings-title" title="Settings" />
      <EntityForm title="Site settings" heading="h2" fields={siteFields} mode="update" store={site} />
      <EntityForm title="Modal settings" heading="h2" fields={modalFields} mode="update" store={modal} />
    </section>
  );
}
