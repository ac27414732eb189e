// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({
  submitApplication: vi.fn(),
  submitComplaint: vi.fn(),
  checkApplication: vi.fn(),
  editApplication: vi.fn(),
  answerDecision: vi.fn(),
  eraseApplicationData: vi.fn(),
  applicationDataUrl: (code: string) => `/api/consultancy-application/export/${code}/`,
  dropdown: vi.fn(async () => [{ id: 3, value: 3, label: 'Everest Education', slug: 'everest' }]),
  loadDestinations: vi.fn(async () => [{ id: 1, value: 1, label: 'Australia', slug: 'australia' }]),
}));

// the tracking page's case sections read their own routes: here, a case with nothing in it yet
vi.mock('../../src/lib/api/documents.ts', () => ({ applicantDocuments: vi.fn(async () => ({ requests: [] })), uploadDocument: vi.fn() }));
vi.mock('../../src/lib/api/cases.ts', () => ({
  loadMessages: vi.fn(async () => ({ results: [] })),
  sendMessage: vi.fn(),
  loadPayments: vi.fn(async () => ({ results: [], total_npr: 0, agreement: null })),
  confirmPayment: vi.fn(),
  disputePayment: vi.fn(),
}));

vi.mock('../../src/lib/api/reviews.ts', () => ({ checkReview: vi.fn(async () => ({ acted: false, review: null })) }));

import * as publicApi from '../../src/lib/api/public.ts';
import * as reviewApi from '../../src/lib/api/reviews.ts';
import { ApiError } from '../../src/lib/api/client.ts';
import ApplyForm from '../../src/islands/ApplyForm.tsx';

const LICENSED = { issuing_office: 'Ministry of Education, Science and Technology', expires_on: '2099-12-31' };
import Complaint from '../../src/islands/Complaint.tsx';
import Track from '../../src/islands/Track.tsx';
import { changesOf } from '../../src/lib/stores/track.ts';
import { backPath, destinationFor } from '../../src/islands/Login.tsx';
import { questionIdFrom } from '../../src/islands/Forum.tsx';

const api = vi.mocked(publicApi);
const flush = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
const STATUS = {
  tracking_code: 'SA-7K2Q',
  status: 'submitted',
  status_label: 'Submitted',
  consultancy: { id: 3, name: 'Everest Education', slug: 'everest' },
  consultancy_name: 'Everest Education',
  applicant: { full_name: 'A*** G***', email: 'a***@gmail.com', phone: '98******21' },
  destination: { id: 1, name: 'Australia' },
  course: null,
  preferred_intake: 'Feb 2027',
  education_level: "Bachelor's",
  document_count: 1,
  editable: true,
  withdrawable: true,
  created_at: '2026-11-22T05:00:00Z',
  timeline: [{ status: 'submitted', status_label: 'Submitted', note: 'Application submitted.', created_at: '2026-11-22T05:00:00Z' }],
};

beforeEach(() => {
  vi.clearAllMocks();
  history.replaceState(null, '');
});
afterEach(cleanup);

describe('application form (/consultancy/{slug}/apply/)', () => {
  const fill = () => {
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '98' } });
  };

  it('sends the consultancy id with the form and shows the tracking code', async () => {
    api.submitApplication.mockResolvedValue({ tracking_code: 'SA-7K2Q' });
    render(<ApplyForm consultancyId={3} consultancyName="Everest Education" licence={LICENSED} />);
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
    render(<ApplyForm consultancyId={3} consultancyName="Everest Education" licence={LICENSED} />);
    await flush();
    fill();
    fireEvent.change(screen.getByLabelText('Destination'), { target: { value: '1' } });
    expect(screen.getByRole('option', { name: 'Australia' })).toBeTruthy();
    fireEvent.submit(screen.getByRole('button', { name: 'Submit application' }).closest('form')!);
    await flush();
    expect(api.submitApplication.mock.calls[0]![0].get('destination')).toBe('1');
  });

  it('warns first, linking to how we check licences, when the consultancy has no licence on record or its licence lapsed', () => {
    render(<ApplyForm consultancyId={3} consultancyName="Everest Education" licence={null} />);
    const none = document.querySelector<HTMLElement>('[data-licence-warning]')!;
    expect(none.className).toBe('notice');
    expect(none.textContent).toContain('Everest Education has no licence on record');
    expect(within(none).getByRole('link', { name: 'How we check licences' }).getAttribute('href')).toBe('/how-we-verify/#licence');
    cleanup();
    render(
      <ApplyForm
        consultancyId={3}
        consultancyName="Everest Education"
        licence={{ issuing_office: 'Ministry of Social Development, Bagmati Province', expires_on: '2026-01-31' }}
      />,
    );
    const lapsed = document.querySelector<HTMLElement>('[data-licence-warning]')!;
    expect(lapsed.classList.contains('lapsed')).toBe(true);
    expect(lapsed.textContent).toContain(
      "Everest Education's licence from Ministry of Social Development, Bagmati Province expired on 31 Jan 2026",
    );
    cleanup();
    render(<ApplyForm consultancyId={3} consultancyName="Everest Education" licence={LICENSED} />);
    expect(document.querySelector('[data-licence-warning]')).toBeNull();
  });

  it("says 'Failed to submit application', with the server's field errors", async () => {
    api.submitApplication.mockRejectedValue(new ApiError('Check the highlighted fields', 400, { email: ['Must be an email address'] }));
    render(<ApplyForm consultancyId={3} consultancyName="X" licence={LICENSED} />);
    fill();
    fireEvent.submit(screen.getByRole('button', { name: 'Submit application' }).closest('form')!);
    await flush();
    expect(screen.getByRole('alert').querySelector('.error')!.textContent).toBe('Failed to submit application');
    expect(screen.getByText('Must be an email address')).toBeTruthy();
  });

  it('"Some values are not valid." is beside the field it means, which takes the focus (issue 22)', async () => {
    api.submitApplication.mockRejectedValue(new ApiError('Some values are not valid.', 400, { phone: ['Must be a phone number'] }));
    render(<ApplyForm consultancyId={3} consultancyName="X" licence={LICENSED} />);
    fill();
    fireEvent.submit(screen.getByRole('button', { name: 'Submit application' }).closest('form')!);
    await flush();
    const phone = screen.getByLabelText(/Phone/);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)!.textContent).toBe('Must be a phone number');
    expect(document.activeElement).toBe(phone);
    expect(screen.getByLabelText(/Email/).getAttribute('aria-invalid')).toBeNull();
  });
});

describe('complaint form (/complaint/)', () => {
  it('lists consultancies, sends the form and confirms', async () => {
    api.submitComplaint.mockResolvedValue({
      id: 1,
      reference: 'C-7K3M9Q',
      code: '7K3Q-M9XA-2HPF-R4TW',
      answer_due_at: '2026-11-30T10:00:00Z',
    });
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
    // the reference and the one-time follow-up code, and where to follow it
    expect(screen.getByText('C-7K3M9Q')).toBeTruthy();
    expect(screen.getByText('7K3Q-M9XA-2HPF-R4TW')).toBeTruthy();
    expect(screen.getByText(/by 30 Nov 2026/)).toBeTruthy();
    // which one to keep, and what the other is for
    expect(screen.getByRole('heading', { name: 'Keep this follow-up code' })).toBeTruthy();
    expect(screen.getByText(/The reference only names your complaint/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/only this once/);
    // the follow-up page opens with the code filled in
    expect(screen.getByRole('link', { name: 'Follow your complaint' }).getAttribute('href')).toBe(
      '/complaint/track/?code=7K3Q-M9XA-2HPF-R4TW',
    );
  });

  it('copies the code, or selects it where the clipboard is refused', async () => {
    api.submitComplaint.mockResolvedValue({
      id: 1,
      reference: 'C-7K3M9Q',
      code: '7K3Q-M9XA-2HPF-R4TW',
      answer_due_at: '2026-11-30T10:00:00Z',
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<Complaint />);
    await flush();
    fireEvent.submit(screen.getByRole('button', { name: 'Submit complaint' }).closest('form')!);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    await flush();
    expect(writeText).toHaveBeenCalledWith('7K3Q-M9XA-2HPF-R4TW');
    expect(screen.getByRole('status').textContent).toBe('Copied.');
    writeText.mockRejectedValue(new Error('denied'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    await flush();
    expect(window.getSelection()?.toString()).toBe('7K3Q-M9XA-2HPF-R4TW');
    expect(screen.getByRole('status').textContent).toMatch(/^Selected/);
  });

  it('keeps the confirmation in the history entry: Back (a new mount on the same entry) shows it again, not a blank form', async () => {
    api.submitComplaint.mockResolvedValue({
      id: 1,
      reference: 'C-7K3M9Q',
      code: '7K3Q-M9XA-2HPF-R4TW',
      answer_due_at: '2026-11-30T10:00:00Z',
    });
    render(<Complaint />);
    await flush();
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'sita@example.com' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Submit complaint' }).closest('form')!);
    await flush();
    expect(screen.getByText(/We also sent it to sita@example.com/)).toBeTruthy();
    cleanup();
    render(<Complaint />);
    await flush();
    expect(screen.getByRole('heading', { name: 'Complaint received' })).toBeTruthy();
    expect(screen.getByText('7K3Q-M9XA-2HPF-R4TW')).toBeTruthy();
    // and a new complaint starts from a blank form
    fireEvent.click(screen.getByRole('button', { name: 'File another complaint' }));
    expect(screen.getByRole('button', { name: 'Submit complaint' })).toBeTruthy();
    cleanup();
    render(<Complaint />);
    await flush();
    expect(screen.queryByRole('heading', { name: 'Complaint received' })).toBeNull();
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

  const sent = () =>
    Object.fromEntries(
      [...(api.editApplication.mock.calls.at(-1)![1] as FormData).entries()].map(([k, v]) => [k, v instanceof File ? v.name : v]),
    );

  it('shows everything the API gives: stage, consultancy, choices, documents, the whole journey with the current stage marked', async () => {
    api.checkApplication.mockResolvedValue({
      ...STATUS,
      status: 'counselling',
      status_label: 'Counselling',
      timeline: [
        ...STATUS.timeline,
        { status: 'counselling', status_label: 'Counselling', note: 'We are reading it.', created_at: '2026-11-23T05:00:00Z' },
      ],
    });
    render(<Track />);
    await check('SA-7K2Q');
    expect(api.checkApplication).toHaveBeenCalledWith('SA-7K2Q');
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading.textContent).toContain('Counselling');
    expect(screen.getByRole('link', { name: 'Everest Education' }).getAttribute('href')).toBe('/consultancy/everest/');
    const facts = Object.fromEntries(
      [...document.querySelectorAll('.facts dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
    );
    expect(facts).toMatchObject({
      Applied: '22 Nov 2026',
      Applicant: 'A*** G***',
      Destination: 'Australia',
      'Preferred intake': 'Feb 2027',
      'Education level': "Bachelor's",
      'Sent with the application': '1 document',
    });
    const journey = screen.getByRole('list', { name: 'Your journey' });
    const steps = [...journey.querySelectorAll('li')];
    expect(steps.map((li) => li.querySelector('strong')!.textContent).slice(0, 3)).toEqual(['Submitted', 'Counselling', 'Documents']);
    expect(steps.filter((li) => li.getAttribute('aria-current') === 'step').map((li) => li.querySelector('strong')!.textContent)).toEqual([
      'Counselling',
    ]);
    expect(steps.at(-1)!.className).toContain('future');
    expect(screen.getByText('We are reading it.')).toBeTruthy();
  });

  it("marks a claimed visa decision as such, and sends the student's confirmation or dispute", async () => {
    const entry = (status: string, extra: object = {}) => ({
      status,
      note: '',
      created_at: '2026-11-23T05:00:00Z',
      actor_role: 'counsellor',
      ...extra,
    });
    const granted = {
      ...STATUS,
      status: 'visa_granted',
      timeline: [
        ...STATUS.timeline,
        entry('applied'),
        entry('offer_unconditional', { decision: 'offer', student_answer: 'confirmed' }),
        entry('visa_lodged'),
        entry('visa_granted', { decision: 'visa', student_answer: null, actor_name: 'Anita Rai' }),
      ],
    };
    api.checkApplication.mockResolvedValue(granted);
    api.answerDecision.mockResolvedValue({
      ...granted,
      timeline: granted.timeline.map((e) => (e.status === 'visa_granted' ? { ...e, student_answer: 'disputed' } : e)),
    });
    render(<Track />);
    await check('SA-7K2Q');
    expect(screen.getByText('Claimed by the consultancy, not confirmed by the student')).toBeTruthy();
    expect(screen.getByText('Confirmed by you')).toBeTruthy();
    expect(screen.getByText(/Anita Rai, your counsellor/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'This visa decision is not right' }));
    fireEvent.change(screen.getByLabelText(/What is not right/), { target: { value: 'It was refused.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Say the visa decision is not right' }));
    await flush();
    expect(api.answerDecision).toHaveBeenCalledWith('SA-7K2Q', 'visa', 'disputed', 'It was refused.');
    expect(screen.getByText('You said this is not right')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm this visa decision' }));
    await flush();
    expect(api.answerDecision).toHaveBeenLastCalledWith('SA-7K2Q', 'visa', 'confirmed', '');
  });

  it('offers a review once the consultancy acted on the application, and its edit once written', async () => {
    api.checkApplication.mockResolvedValue({ ...STATUS, status: 'counselling', status_label: 'Counselling' });
    const review = vi.mocked(reviewApi).checkReview;
    render(<Track />);
    await check('SA-7K2Q');
    expect(screen.queryByRole('link', { name: /review/i })).toBeNull();
    review.mockResolvedValueOnce({ acted: true, review: null } as never);
    await check('SA-7K2Q');
    expect(screen.getByRole('link', { name: 'Review this consultancy' }).getAttribute('href')).toBe('/review/?code=SA-7K2Q');
    review.mockResolvedValueOnce({ acted: true, review: { text: 'Honest about fees.' } } as never);
    await check('SA-7K2Q');
    expect(screen.getByRole('link', { name: 'Edit your review' }).getAttribute('href')).toBe('/review/?code=SA-7K2Q');
    // a failed review lookup only hides the offer
    review.mockRejectedValueOnce(new ApiError('Tracking code not found', 404));
    await check('SA-7K2Q');
    expect(screen.queryByRole('link', { name: /review/i })).toBeNull();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Counselling');
  });

  it("says 'Tracking code not found'", async () => {
    api.checkApplication.mockRejectedValue(new ApiError('Not found', 404));
    render(<Track />);
    await check('NOPE');
    expect(screen.getByRole('alert').querySelector('.error')!.textContent).toBe('Tracking code not found');
  });

  it("edits from a prefilled form, sending only what changed, with added documents; a failure says 'Failed to update application'", async () => {
    api.checkApplication.mockResolvedValue(STATUS);
    api.editApplication.mockRejectedValueOnce(new ApiError('This application is already being processed', 409));
    render(<Track />);
    await check('SA-7K2Q');
    fireEvent.click(screen.getByRole('button', { name: 'Edit or add documents' }));
    await flush();
    expect((screen.getByLabelText('Preferred intake') as HTMLInputElement).value).toBe('Feb 2027');
    expect((screen.getByLabelText('Education level') as HTMLSelectElement).value).toBe("Bachelor's");
    expect((screen.getByLabelText('Destination') as HTMLSelectElement).value).toBe('1');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).placeholder).toBe('Unchanged: A*** G***');
    fireEvent.change(screen.getByLabelText('Preferred intake'), { target: { value: 'Sep 2027' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Save changes' }).closest('form')!);
    await flush();
    expect(sent()).toEqual({ preferred_intake: 'Sep 2027' });
    expect(screen.getByRole('alert').querySelector('.error')!.textContent).toBe('Failed to update application');
    expect(screen.getByText('This application is already being processed')).toBeTruthy();
    api.editApplication.mockResolvedValueOnce({ ...STATUS, preferred_intake: 'Sep 2027', document_count: 2 });
    fireEvent.submit(screen.getByRole('button', { name: 'Save changes' }).closest('form')!);
    await flush();
    expect(screen.getByRole('status').textContent).toBe('Application updated.');
    // the saved values, as the API answered them
    const facts = Object.fromEntries(
      [...document.querySelectorAll('.facts dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
    );
    expect(facts).toMatchObject({ 'Preferred intake': 'Sep 2027', 'Sent with the application': '2 documents' });
  });

  it('counts as changes what differs from the application, typed personal fields and chosen documents', () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      full_name: '',
      email: 'new@example.com',
      phone: ' ',
      destination: '1',
      preferred_intake: 'Feb 2027',
      education_level: '',
      message: '',
    }))
      form.set(k, v);
    form.append('documents', new File(['%PDF-1.4'], 'transcript.pdf', { type: 'application/pdf' }));
    form.append('documents', new File([], ''));
    const changes = changesOf(form, STATUS);
    expect([...changes.keys()]).toEqual(['email', 'education_level', 'documents']);
    expect(changes.get('education_level')).toBe('');
    expect((changes.get('documents') as File).name).toBe('transcript.pdf');
  });

  it('sends nothing when nothing changed, and says so', async () => {
    api.checkApplication.mockResolvedValue(STATUS);
    render(<Track />);
    await check('SA-7K2Q');
    fireEvent.click(screen.getByRole('button', { name: 'Edit or add documents' }));
    await flush();
    fireEvent.submit(screen.getByRole('button', { name: 'Save changes' }).closest('form')!);
    await flush();
    expect(api.editApplication).not.toHaveBeenCalled();
    expect(screen.getByText('Nothing was changed.')).toBeTruthy();
  });

  it('withdraws only after confirming in the page, with the reason', async () => {
    api.checkApplication.mockResolvedValue(STATUS);
    render(<Track />);
    await check('SA-7K2Q');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw application' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this application?' });
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.editApplication).not.toHaveBeenCalled();
    expect(dialog.isConnected).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw application' }));
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: 'I chose another consultancy' } });
    api.editApplication.mockResolvedValueOnce({
      ...STATUS,
      status: 'withdrawn',
      status_label: 'Withdrawn',
      editable: false,
      withdrawable: false,
    });
    fireEvent.submit(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw application' }).closest('form')!);
    await flush();
    expect(sent()).toEqual({ withdraw: 'true', reason: 'I chose another consultancy' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Application withdrawn.');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Withdrawn');
    expect(screen.queryByRole('button', { name: 'Withdraw application' })).toBeNull();
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
