// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/admin.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/api/admin.ts')>();
  return {
    ...real,
    dropdown: vi.fn(async () => [
      { id: 7, value: 7, label: 'Everest Education' },
      { id: 8, value: 8, label: 'Himalayan Consultancy' },
    ]),
  };
});
vi.mock('../../src/lib/api/settings.ts', () => ({
  getSiteSettings: vi.fn(),
  getSiteStatus: vi.fn(async () => ({ runner: false, content_version: 0 })),
  updateSiteSettings: vi.fn(),
  getModalSettings: vi.fn(),
  updateModalSettings: vi.fn(),
}));
vi.mock('../../src/lib/api/dashboard.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/api/dashboard.ts')>();
  return { ...real, moveApplication: vi.fn() };
});
vi.mock('../../src/lib/api/casework.ts', () => ({
  listCases: vi.fn(),
  stageCounts: vi.fn(),
  listStaff: vi.fn(),
  assign: vi.fn(),
  setFollowUp: vi.fn(),
  listNotes: vi.fn(async () => []),
  addNote: vi.fn(),
  exportCases: vi.fn(),
  getCase: vi.fn(),
}));
// the case page's documents and thread have tests of their own; here they would call the network
vi.mock('../../src/admin/ApplicationDocuments.tsx', () => ({ ApplicationDocuments: () => null }));
vi.mock('../../src/admin/CaseSections.tsx', () => ({ ApplicationCase: () => null }));

import * as dashApi from '../../src/lib/api/dashboard.ts';
import * as caseworkApi from '../../src/lib/api/casework.ts';
import type { CaseRow } from '../../src/lib/api/casework.ts';
import type { ApplicationCase } from '../../src/lib/contract/records.ts';
import * as settingsApi from '../../src/lib/api/settings.ts';
import { ApiError } from '../../src/lib/api/client.ts';
import { Settings } from '../../src/admin/AdminScreens.tsx';
import { DashboardApplications } from '../../src/admin/DashboardScreens.tsx';
import { CaseDetail } from '../../src/admin/CaseDetail.tsx';
import { $dirty, $router } from '../../src/lib/stores/admin.ts';
import { $flash, dismissFlash } from '../../src/lib/stores/adminFlash.ts';
import { $caseFilters, cases } from '../../src/lib/stores/casework.ts';
import { $session } from '../../src/lib/stores/session.ts';

const dash = vi.mocked(dashApi);
const work = vi.mocked(caseworkApi);
const settings = vi.mocked(settingsApi);

beforeEach(() => {
  settings.getSiteSettings.mockResolvedValue({
    featured_counselling_consultancy_id: 7,
    featured_counselling_consultancy_name: 'Everest Education',
    show_counselling_bar: false,
  });
  settings.updateSiteSettings.mockImplementation(async (v) => ({ ...v, featured_counselling_consultancy_name: 'Himalayan Consultancy' }));
  settings.getModalSettings.mockResolvedValue({ hide_study_abroad_modal: false, hide_full_detail_modal: false });
  settings.updateModalSettings.mockImplementation(async (v) => v);
});
afterEach(() => cleanup());

describe('settings screen', () => {
  it('shows the featured consultancy and saves a new one from the dropdown with the bar on', async () => {
    render(<Settings />);
    expect(await screen.findByRole('button', { name: 'Remove Everest Education' })).toBeTruthy();
    const box = screen.getByRole('combobox', { name: 'Featured counselling consultancy' });
    fireEvent.focus(box);
    fireEvent.click(await screen.findByRole('option', { name: 'Himalayan Consultancy' }));
    fireEvent.click(screen.getByLabelText('Show the counselling bar'));
    const site = screen.getByRole('form', { name: 'Site settings' });
    fireEvent.click(within(site).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(settings.updateSiteSettings).toHaveBeenCalledWith({ featured_counselling_consultancy_id: 8, show_counselling_bar: true }),
    );
    await waitFor(() => expect($flash.get()?.text).toMatch(/^Site settings saved\./));
  });

  it('clearing the featured consultancy sends null', async () => {
    render(<Settings />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Everest Education' }));
    fireEvent.click(within(screen.getByRole('form', { name: 'Site settings' })).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(settings.updateSiteSettings).toHaveBeenCalledWith({ featured_counselling_consultancy_id: null, show_counselling_bar: false }),
    );
  });

  it('modal settings: both flags, saved together', async () => {
    render(<Settings />);
    const modal = await screen.findByRole('form', { name: 'Modal settings' });
    fireEvent.click(within(modal).getByLabelText('Hide the full-detail modal'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(settings.updateModalSettings).toHaveBeenCalledWith({ hide_study_abroad_modal: false, hide_full_detail_modal: true }),
    );
  });
});

describe('settings: unsaved changes', () => {
  it('each form has its own: undoing or saving one keeps the warning of the other', async () => {
    $dirty.set(false);
    render(<Settings />);
    const site = await screen.findByRole('form', { name: 'Site settings' });
    const modal = screen.getByRole('form', { name: 'Modal settings' });
    await within(site).findByRole('button', { name: 'Remove Everest Education' });
    fireEvent.click(within(site).getByLabelText('Show the counselling bar'));
    await waitFor(() => expect($dirty.get()).toBe(true));
    const hide = within(modal).getByLabelText('Hide the study-abroad modal');
    fireEvent.click(hide);
    fireEvent.click(hide);
    await new Promise((r) => setTimeout(r, 20));
    expect($dirty.get()).toBe(true);
    fireEvent.click(hide);
    fireEvent.click(within(modal).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect($flash.get()?.text).toBe('Modal settings saved.'));
    expect($dirty.get()).toBe(true);
    fireEvent.click(within(site).getByLabelText('Show the counselling bar'));
    await waitFor(() => expect($dirty.get()).toBe(false));
  });
});

describe('consultancy applications: the case list', () => {
  const row = {
    id: 11,
    tracking_code: 'AB12-CD34',
    full_name: 'Sita Sharma',
    email: 's@x.np',
    phone: '9841000000',
    status: 'submitted',
    status_label: 'Submitted',
    destination_name: 'Australia',
    university_name: 'University of Sydney',
    preferred_intake: 'Feb 2027',
    education_level: 'Masters',
    counsellor_id: null,
    counsellor_name: null,
    follow_up_on: null,
    last_activity_at: '2026-01-02T00:00:00Z',
    created_at: '2026-01-01T00:00:00Z',
  };
  const page = (results: CaseRow[]) => ({ count: results.length, next: null, previous: null, results });

  beforeEach(() => {
    $caseFilters.set({ status: '', counsellor: '', due: false });
    cases.$state.set({ page: 1, filter: '', data: null, loading: false, error: null, rowError: null });
    dismissFlash();
    vi.clearAllMocks();
    work.listCases.mockResolvedValue(page([row]));
    work.stageCounts.mockResolvedValue({
      stages: [
        { stage: 'submitted', label: 'Submitted', count: 1 },
        { stage: 'documents', label: 'Documents', count: 0 },
      ],
      total: 1,
      due: 0,
    });
    work.listStaff.mockResolvedValue([{ id: 5, email: 'ram@x.np', first_name: 'Ram', last_name: 'Thapa', staff_role: 'counsellor' }]);
    work.assign.mockResolvedValue({});
  });

  it('shows what the student gave, the stage and the counsellor, with counts per stage', async () => {
    render(<DashboardApplications />);
    const table = await screen.findByRole('table', { name: 'Applications' });
    for (const text of ['Sita Sharma', 'Australia', 'University of Sydney', 'Feb 2027', 'Masters', 'Submitted'])
      expect(within(table).getAllByText(text).length).toBeGreaterThan(0);
    const counts = screen.getByRole('list', { name: 'Applications per stage' });
    expect(within(counts).getByRole('button', { name: 'Submitted 1' })).toBeTruthy();
    expect(within(counts).getByRole('button', { name: 'Due today 0' })).toBeTruthy();
    // a stage nobody is at is no chip (a phone's first screen), but the Stage filter lists it with its count
    expect(within(counts).queryByRole('button', { name: /Documents/ })).toBeNull();
    const stage = screen.getByRole('combobox', { name: 'Stage' });
    expect(within(stage).getByRole('option', { name: 'Documents (0)' })).toBeTruthy();
    expect(within(stage).getByRole('option', { name: 'Submitted (1)' })).toBeTruthy();
  });

  const one: ApplicationCase = {
    ...row,
    consultancy_id: 7,
    consultancy_name: 'Everest Education',
    destination_id: 1,
    course_id: null,
    university_id: 2,
    updated_at: '2026-01-02T00:00:00Z',
    email: 's@x.np',
    address: '',
    course_name: null,
    message: 'Nursing, please',
    next_statuses: ['counselling', 'documents', 'applied', 'withdrawn', 'closed'],
    documents: [],
    timeline: [
      {
        status: 'submitted',
        status_label: 'Submitted',
        note: 'Application submitted.',
        actor_role: 'student',
        actor_name: '',
        decision: null,
        student_answer: null,
        student_note: '',
        answered_at: null,
        created_at: '2026-01-01T00:00:00Z',
      },
    ],
    disputes: [],
  };

  it('opens each case on a page of its own, and keeps the filters in the list address', async () => {
    $router.open('/dashboard/applications/');
    render(<DashboardApplications />);
    const link = await screen.findByRole('link', { name: 'AB12-CD34' });
    expect(link.getAttribute('href')).toBe('/dashboard/applications/11/');
    fireEvent.change(screen.getByLabelText('Stage'), { target: { value: 'submitted' } });
    await waitFor(() => expect($router.get()?.search).toEqual({ status: 'submitted' }));
    cleanup();
    work.getCase.mockResolvedValue(one);
    render(<CaseDetail id={11} />);
    await screen.findByRole('heading', { name: 'Sita Sharma', level: 1 });
    expect(screen.getByRole('link', { name: '← Applications' }).getAttribute('href')).toBe('/dashboard/applications/?status=submitted');
    // a reload of the list's address opens it filtered as it was
    cleanup();
    $caseFilters.set({ status: '', counsellor: '', due: false });
    $router.open('/dashboard/applications/?status=submitted&due=true&page=2');
    render(<DashboardApplications />);
    await waitFor(() => expect(work.listCases).toHaveBeenLastCalledWith(2, 'status=submitted&due=true'));
    $router.open('/dashboard/applications/');
  });

  it("shows the case's header, timeline and the student's disputes first", async () => {
    work.getCase.mockResolvedValue({
      ...one,
      disputes: [{ kind: 'payment', what: 'NPR 5,000 · Application fee', reason: 'I paid 3000.', at: '2026-01-03T00:00:00Z' }],
    });
    render(<CaseDetail id={11} />);
    const disputes = await screen.findByRole('region', { name: 'Disputed by the student' });
    expect(disputes.textContent).toContain('The student disputes this payment: NPR 5,000 · Application fee');
    expect(disputes.textContent).toContain('I paid 3000.');
    const header = screen.getByRole('banner');
    for (const text of ['Australia', 'University of Sydney', 'Feb 2027', 'Masters', 'Submitted', 'Unassigned'])
      expect(within(header).getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByRole('list', { name: 'Stages so far, newest first' }).textContent).toContain('Application submitted.');
  });

  it('moves the case to a next stage with a note, then reads it again', async () => {
    work.getCase.mockResolvedValueOnce(one).mockResolvedValueOnce({ ...one, status: 'counselling', status_label: 'Counselling' });
    dash.moveApplication.mockResolvedValue({ ...row, status: 'counselling' });
    render(<CaseDetail id={11} />);
    const select = await screen.findByLabelText('Move to');
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'counselling',
      'documents',
      'applied',
      'withdrawn',
      'closed',
    ]);
    fireEvent.change(screen.getByLabelText('Note for the student'), { target: { value: 'Checking your papers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect($flash.get()?.text).toBe('Application AB12-CD34 moved to counselling.'));
    expect(dash.moveApplication).toHaveBeenCalledWith(11, 'submitted', 'counselling', 'Checking your papers');
    await waitFor(() => expect(work.getCase).toHaveBeenCalledTimes(2));
  });

  it('a refused move is said beside the Move button', async () => {
    work.getCase.mockResolvedValue(one);
    dash.moveApplication.mockRejectedValueOnce(new ApiError('This application has moved on since you opened it.', 409));
    render(<CaseDetail id={11} />);
    await screen.findByLabelText('Move to');
    const move = screen.getByRole('button', { name: 'Move' });
    fireEvent.click(move);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This application has moved on since you opened it.');
    expect(alert.closest('form')).toBe(move.closest('form'));
    expect($flash.get()).toBeNull();
  });

  it('assigns a counsellor from the case work and reads the case again', async () => {
    work.getCase.mockResolvedValue(one);
    render(<CaseDetail id={11} />);
    await screen.findByRole('option', { name: 'Ram Thapa' });
    fireEvent.change(screen.getByLabelText('Counsellor', { selector: '#case-counsellor-pick' }), { target: { value: '5' } });
    await waitFor(() => expect(work.assign).toHaveBeenCalledWith(11, 5));
    await waitFor(() => expect($flash.get()?.text).toBe('Counsellor assigned.'));
    await waitFor(() => expect(work.getCase).toHaveBeenCalledTimes(2));
  });

  it('filters by stage, counsellor and due today on the server, and shows refusals', async () => {
    work.listCases.mockResolvedValue(page([]));
    render(<DashboardApplications />);
    await screen.findByText('No applications match.');
    fireEvent.change(screen.getByLabelText('Stage'), { target: { value: 'visa_lodged' } });
    await waitFor(() => expect(work.listCases).toHaveBeenLastCalledWith(1, 'status=visa_lodged'));
    fireEvent.change(screen.getByLabelText('Counsellor', { selector: '#case-counsellor' }), { target: { value: 'none' } });
    await waitFor(() => expect(work.listCases).toHaveBeenLastCalledWith(1, 'status=visa_lodged&counsellor=none'));
    fireEvent.click(screen.getByRole('button', { name: /^Due today/ }));
    await waitFor(() => expect(work.listCases).toHaveBeenLastCalledWith(1, 'status=visa_lodged&counsellor=none&due=true'));
    cleanup();
    work.listCases.mockRejectedValue(new ApiError('Consultancy ID is missing. Please log in again.', 0));
    render(<DashboardApplications />);
    expect((await screen.findByRole('alert')).textContent).toBe('Consultancy ID is missing. Please log in again.');
  });

  it('offers the CSV export to an owner only', async () => {
    const user = { id: 1, email: 'o@x.np', firstName: 'O', lastName: '', phone: '', role: 'consultancy' as const };
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    work.exportCases.mockResolvedValue(new Blob(['a,b\n']));
    $session.set({ access: 't', refresh: null, user: { ...user, staffRole: 'counsellor' }, loading: false });
    render(<DashboardApplications />);
    await screen.findByRole('table', { name: 'Applications' });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    cleanup();
    $session.set({ access: 't', refresh: null, user: { ...user, staffRole: 'owner' }, loading: false });
    render(<DashboardApplications />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(work.exportCases).toHaveBeenCalledTimes(1);
    $session.set({ access: null, refresh: null, user: null, loading: false });
  });
});
