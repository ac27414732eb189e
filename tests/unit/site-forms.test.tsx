// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({
  submitApplication: vi.fn(),
  submitComplaint: vi.fn(),
  checkApplication: vi.fn(),
  editApplication: vi.fn(),
  dropdown: vi.fn(async () => [{ id: 3, value: 3, label: 'Everest Education', slug: 'everest' }]),
  loadDestinations: vi.fn(async () => [{ id: 1, value: 1, label: 'Australia', slug: 'australia' }]),
}));

import * as publicApi from '../../src/lib/api/public.ts';
import { ApiError } from '../../src/lib/api/client.ts';
import ApplyForm from '../../src/islands/ApplyForm.tsx';
import Complaint from '../../src/islands/Complaint.tsx';
import Track from '../../src/islands/Track.tsx';
import { backPath, destinationFor } from '../../src/islands/Login.tsx';
import { questionIdFrom } from '../../src/islands/Forum.tsx';

const api = vi.mocked(publicApi);
const flush = () => act(async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
});
const STATUS = { tracking_code: 'SA-7K2Q', status: 'submitted', consultancy_name: 'Everest Education', full_name: 'A*** G***', preferred_intake: 'Feb 2027', timeline: [{ status: 'submitted', note: '', created_at: '2026-11-22T05:00:00Z' }] };

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

describe('application form (/consultancy/{slug}/apply/)', () => {
  const fill = () => {
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '98' } });
  };

  it('sends the consultancy id with the form and shows the tracking code', async () => {
    api.submitApplication.mockResolvedValue({ tracking_code: 'SA-7K2Q' });
    render(<ApplyForm consultancyId={3} consultancyName="Everest Education" />);
    fill();
    fireEvent.submit(screen.getByRole('button', { name: 'Submit application' }).closest('form')!);
    await flush();
    const form = api.submitApplication.mock.calls[0]![0];
    expect(form.get('consultancy')).toBe('3');
    expect(form.get('full_name')).toBe('Asha');
    expect(form.has('documents')).toBe(false);
    expect(form.has('destination')).toBe(false);
    expect(screen.getByTestId('tracking-code').textContent).toBe('SA-7K2Q');
    expect(screen.getByRole('link', { name: 'Track this application' }).getAttribute('href')).toBe('/track/?code=SA-7K2Q');
  });

  it('offers the destinations the API lists (not built into the page) and sends the one chosen', async () => {
    api.submitApplication.mockResolvedValue({ tracking_code: 'SA-7K2Q' });
    render(<ApplyForm consultancyId={3} consultancyName="Everest Education" />);
    await flush();
    fill();
    fireEvent.change(screen.getByLabelText('Destination'), { target: { value: '1' } });
    expect(screen.getByRole('option', { name: 'Australia' })).toBeTruthy();
    fireEvent.submit(screen.getByRole('button', { name: 'Submit application' }).closest('form')!);
    await flush();
    expect(api.submitApplication.mock.calls[0]![0].get('destination')).toBe('1');
  });

  it("says 'Failed to submit application', with the server's field errors", async () => {
    api.submitApplication.mockRejectedValue(new ApiError('Check the highlighted fields', 400, { email: ['Must be an email address'] }));
    render(<ApplyForm consultancyId={3} consultancyName="X" />);
    fill();
    fireEvent.submit(screen.getByRole('button', { name: 'Submit application' }).closest('form')!);
    await flush();
    expect(screen.getByRole('alert').querySelector('.error')!.textContent).toBe('Failed to submit application');
    expect(screen.getByText('Must be an email address')).toBeTruthy();
  });
});

describe('complaint form (/complaint/)', () => {
  it('lists consultancies, sends the form and confirms', async () => {
    api.submitComplaint.mockResolvedValue({});
    render(<Complaint />);
    await flush();
    const picker = screen.getByRole('combobox', { name: 'Consultancy' });
    fireEvent.focusIn(picker);
    fireEvent.change(picker, { target: { value: 'ever' } });
    fireEvent.keyDown(picker, { key: 'Enter' });
    await flush();
    expect((picker as HTMLInputElement).value).toBe('Everest Education');
    expect(api.submitComplaint).not.toHaveBeenCalled();
    fireEvent.submit(screen.getByRole('button', { name: 'Submit complaint' }).closest('form')!);
    await flush();
    expect(api.submitComplaint).toHaveBeenCalledTimes(1);
    const sent = api.submitComplaint.mock.calls[0]![0] as FormData;
    expect(sent.get('consultancy')).toBe('3');
    expect(screen.getByRole('heading', { name: 'Complaint received' })).toBeTruthy();
  });

  it("says 'Failed to submit complaint form'", async () => {
    api.submitComplaint.mockRejectedValue(new ApiError('Failed to submit complaint form', 500));
    render(<Complaint />);
    await flush();
    fireEvent.submit(screen.getByRole('button', { name: 'Submit complaint' }).closest('form')!);
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Failed to submit complaint form');
  });
});

describe('tracking (/track/)', () => {
  const check = async (code: string) => {
    fireEvent.change(screen.getByLabelText('Tracking code'), { target: { value: code } });
    fireEvent.submit(screen.getByRole('button', { name: 'Check status' }).closest('form')!);
    await flush();
  };

  it('shows the status, the consultancy and the timeline', async () => {
    api.checkApplication.mockResolvedValue(STATUS);
    render(<Track />);
    await check('SA-7K2Q');
    expect(api.checkApplication).toHaveBeenCalledWith('SA-7K2Q');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Everest Education');
    expect(document.querySelectorAll('.timeline li')).toHaveLength(1);
  });

  it("says 'Tracking code not found'", async () => {
    api.checkApplication.mockRejectedValue(new ApiError('Not found', 404));
    render(<Track />);
    await check('NOPE');
    expect(screen.getByRole('alert').querySelector('.error')!.textContent).toBe('Tracking code not found');
  });

  it("edits by code, sending only what changed; a failure says 'Failed to update application'", async () => {
    api.checkApplication.mockResolvedValue(STATUS);
    api.editApplication.mockRejectedValueOnce(new ApiError('This application is already being processed', 409));
    render(<Track />);
    await check('SA-7K2Q');
    fireEvent.click(screen.getByRole('button', { name: 'Edit application' }));
    fireEvent.change(screen.getByLabelText('Preferred intake'), { target: { value: 'Sep 2027' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Save changes' }).closest('form')!);
    await flush();
    expect(api.editApplication).toHaveBeenCalledWith('SA-7K2Q', { preferred_intake: 'Sep 2027' });
    expect(screen.getByRole('alert').querySelector('.error')!.textContent).toBe('Failed to update application');
    expect(screen.getByText('This application is already being processed')).toBeTruthy();
    api.editApplication.mockResolvedValueOnce(STATUS);
    fireEvent.submit(screen.getByRole('button', { name: 'Save changes' }).closest('form')!);
    await flush();
    expect(screen.getByRole('status').textContent).toBe('Application updated.');
  });
});

describe('sign-in routing and forum URLs', () => {
  it('sends institutions to /dashboard/, admins to /admin/ and students back', () => {
    expect(destinationFor('consultancy', '/forum/')).toBe('/dashboard/');
    expect(destinationFor('college', '/forum/')).toBe('/dashboard/');
    expect(destinationFor('university', '/forum/')).toBe('/dashboard/');
    expect(destinationFor('admin', '/forum/')).toBe('/admin/');
    expect(destinationFor('student', '/forum/12/')).toBe('/forum/12/');
  });

  it('goes back to ?next= (local paths only), else the referrer of this site, else the forum', () => {
    const origin = 'https://site.test';
    expect(backPath('?next=%2Fforum%2F12%2F', '', origin)).toBe('/forum/12/');
    expect(backPath('?next=https%3A%2F%2Fevil.test%2F', '', origin)).toBe('/forum/');
    expect(backPath('?next=%2F%2Fevil.test%2F', '', origin)).toBe('/forum/');
    expect(backPath('', 'https://site.test/university/x/', origin)).toBe('/university/x/');
    expect(backPath('', 'https://other.test/a/', origin)).toBe('/forum/');
  });

  it('reads the question id from /forum/{id}/ or /forum/?id=', () => {
    expect(questionIdFrom('/forum/12/', '')).toBe(12);
    expect(questionIdFrom('/forum/', '?id=7')).toBe(7);
    expect(questionIdFrom('/forum/', '')).toBeNull();
    expect(questionIdFrom('/forum/abc/', '')).toBeNull();
  });
});
