// @vitest-environment happy-dom
/** @jsxImportSource preact */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({
  loadDestinations: vi.fn(),
  loadExams: vi.fn(),
  me: vi.fn(),
  submitInquiry: vi.fn(),
}));

import * as publicApi from '../../src/lib/api/public.ts';
import { BookingDialog, CLOSE_DELAY_MS } from '../../src/islands/BookingDialog.tsx';
import { $session } from '../../src/lib/stores/session.ts';
import { resetAutoDialogs } from '../../src/lib/site/autoDialogs.ts';
import { ApiError } from '../../src/lib/api/client.ts';
import { $booked, BOOKED_KEY, resetBooking } from '../../src/lib/stores/booking.ts';

const api = vi.mocked(publicApi);
const flush = () =>
  act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
const DESTINATIONS = [
  { id: 1, value: 1, label: 'Australia', slug: 'australia' },
  { id: 2, value: 2, label: 'Canada', slug: 'canada' },
];
const EXAMS = [
  { id: 5, name: 'IELTS' },
  { id: 6, name: 'PTE' },
];
const TITLE = 'Book FREE Study Abroad Counselling Session with Everest Education';

beforeEach(() => {
  resetAutoDialogs();
  resetBooking();
  sessionStorage.clear();
  vi.useFakeTimers();
  api.loadDestinations.mockResolvedValue(DESTINATIONS);
  api.loadExams.mockResolvedValue(EXAMS);
  api.submitInquiry.mockResolvedValue({});
  $session.set({ access: null, refresh: null, user: null, loading: false });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

async function open(props: Partial<Parameters<typeof BookingDialog>[0]> = {}) {
  const onClose = vi.fn();
  render(<BookingDialog providerId={7} providerName="Everest Education" onClose={onClose} {...props} />);
  await flush();
  return onClose;
}

const input = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp | string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = () => screen.getByRole('button', { name: /Book my free session|Submitting\.\.\.|Submitted!/ }) as HTMLButtonElement;
/** A browser fires focusin with every focus; Preact (like React) listens to focusin for onFocus. */
const focus = (el: HTMLElement) => {
  fireEvent.focusIn(el);
  fireEvent.focus(el);
};
const alertText = () => screen.queryByRole('alert')?.textContent;

async function fillValid(category: 'destination' | 'exam' = 'destination') {
  type(/Full name/, 'Sita Sharma');
  type(/Email/, 'sita@example.com');
  type(/Phone/, '9800000000');
  fireEvent.click(screen.getByLabelText(category === 'destination' ? 'A study destination' : 'An exam'));
  await flush();
  const combo = screen.getByRole('combobox');
  focus(combo);
  fireEvent.mouseDown(screen.getByRole('option', { name: category === 'destination' ? 'Canada' : 'IELTS' }));
}

describe('booking dialog (SPEC §2, §4, §5, §8)', () => {
  it('is titled with the provider name, named by that title, with 3 message rows and email/tel inputs', async () => {
    await open();
    const dialog = screen.getByRole('dialog', { name: TITLE });
    expect(dialog.className).toContain('dialog-md');
    expect(screen.getByLabelText(/Message/).getAttribute('rows')).toBe('3');
    expect(input(/Email/).type).toBe('email');
    expect(input(/Phone/).type).toBe('tel');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('loads the destination and exam lists when it opens', async () => {
    await open();
    expect(api.loadDestinations).toHaveBeenCalledTimes(1);
    expect(api.loadExams).toHaveBeenCalledTimes(1);
  });

  it('prefills name, email and phone from the signed-in user without fetching the profile', async () => {
    $session.set({
      access: 'tok',
      refresh: 'r',
      loading: false,
      user: { id: 1, email: 'ram@example.com', firstName: 'Ram', lastName: 'Thapa', phone: '9811111111', role: 'student' },
    });
    await open();
    expect(input(/Full name/).value).toBe('Ram Thapa');
    expect(input(/Email/).value).toBe('ram@example.com');
    expect(input(/Phone/).value).toBe('9811111111');
    expect(api.me).not.toHaveBeenCalled();
  });

  it('fetches /auth/me/ when the user has no first name and fills name, email and phone from it', async () => {
    $session.set({
      access: 'tok',
      refresh: 'r',
      loading: false,
      user: { id: 1, email: 'old@example.com', firstName: '', lastName: '', phone: '', role: 'student' },
    });
    api.me.mockResolvedValue({
      id: 1,
      email: 'new@example.com',
      first_name: 'Gita',
      last_name: 'Rai',
      phone: '9822222222',
      role: 'student',
    });
    await open();
    expect(api.me).toHaveBeenCalledWith('tok');
    expect(input(/Full name/).value).toBe('Gita Rai');
    expect(input(/Email/).value).toBe('new@example.com');
    expect(input(/Phone/).value).toBe('9822222222');
  });

  it('only logs a failed profile fetch', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    $session.set({
      access: 'tok',
      refresh: 'r',
      loading: false,
      user: { id: 1, email: 'x@example.com', firstName: '', lastName: '', phone: '', role: 'student' },
    });
    api.me.mockRejectedValue(new Error('offline'));
    await open();
    expect(warn).toHaveBeenCalled();
    expect(alertText()).toBeUndefined();
    expect(input(/Email/).value).toBe('x@example.com');
  });

  it('resets the form every time it opens', async () => {
    const onClose = await open();
    type(/Message/, 'hello');
    type(/Full name/, 'Someone');
    cleanup();
    await open({ onClose });
    expect(input(/Message/).value).toBe('');
    expect(input(/Full name/).value).toBe('');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByLabelText('A study destination')).toHaveProperty('checked', false);
  });

  it('shows the selection only after a category is chosen, with the exact placeholders', async () => {
    await open();
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.click(screen.getByLabelText('A study destination'));
    expect(input('Destination *').placeholder).toBe('Select or search destination');
    fireEvent.click(screen.getByLabelText('An exam'));
    expect(input('Exam *').placeholder).toBe('Select or search exam');
  });

  it('disables the selection and says Loading... while its list loads', async () => {
    let resolveDest!: (v: typeof DESTINATIONS) => void;
    let resolveExams!: (v: typeof EXAMS) => void;
    api.loadDestinations.mockReturnValue(new Promise((r) => (resolveDest = r)));
    api.loadExams.mockReturnValue(new Promise((r) => (resolveExams = r)));
    await open();
    fireEvent.click(screen.getByLabelText('A study destination'));
    expect(input('Destination *').disabled).toBe(true);
    expect(input('Destination *').placeholder).toBe('Loading destinations...');
    fireEvent.click(screen.getByLabelText('An exam'));
    expect(input('Exam *').disabled).toBe(true);
    expect(input('Exam *').placeholder).toBe('Loading exams...');
    resolveExams(EXAMS);
    resolveDest(DESTINATIONS);
    await flush();
    expect(input('Exam *').disabled).toBe(false);
    expect(input('Exam *').placeholder).toBe('Select or search exam');
  });

  it('searches, shows the empty messages, and can be cleared', async () => {
    await open();
    fireEvent.click(screen.getByLabelText('A study destination'));
    const combo = input('Destination *');
    fireEvent.change(combo, { target: { value: 'can' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Canada']);
    fireEvent.change(combo, { target: { value: 'zzz' } });
    expect(screen.getByRole('listbox').textContent).toBe('No destinations found.');
    fireEvent.change(combo, { target: { value: 'aus' } });
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Australia' }));
    expect(combo.value).toBe('Australia');
    fireEvent.click(screen.getByRole('button', { name: 'Clear destination' }));
    expect(combo.value).toBe('');
    fireEvent.click(screen.getByLabelText('An exam'));
    fireEvent.change(input('Exam *'), { target: { value: 'toefl' } });
    expect(screen.getByRole('listbox').textContent).toBe('No exams found.');
  });

  it('a failed list load gives an empty list and no message', async () => {
    api.loadDestinations.mockResolvedValue([]);
    await open();
    fireEvent.click(screen.getByLabelText('A study destination'));
    focus(input('Destination *'));
    expect(screen.getByRole('listbox').textContent).toBe('No destinations found.');
    expect(alertText()).toBeUndefined();
  });

  it.each(['name', 'email', 'phone', 'category', 'selection'])(
    'says "Please fill all required fields." when %s is missing',
    async (missing) => {
      await open();
      if (missing !== 'name') type(/Full name/, 'Sita');
      if (missing !== 'email') type(/Email/, 'sita@example.com');
      if (missing !== 'phone') type(/Phone/, '98');
      if (missing !== 'category') {
        fireEvent.click(screen.getByLabelText('An exam'));
        if (missing !== 'selection') {
          focus(input('Exam *'));
          fireEvent.mouseDown(screen.getByRole('option', { name: 'PTE' }));
        }
      }
      fireEvent.click(submit());
      await flush();
      expect(alertText()).toBe('Please fill all required fields.');
      expect(api.submitInquiry).not.toHaveBeenCalled();
    },
  );

  it('says the provider is not configured when there is no provider id', async () => {
    await open({ providerId: null });
    await fillValid();
    fireEvent.click(submit());
    await flush();
    expect(alertText()).toBe('Counselling provider not configured. Please try again later.');
    expect(api.submitInquiry).not.toHaveBeenCalled();
  });

  it('sends exactly the inquiry payload of SPEC §3 (destination)', async () => {
    await open();
    await fillValid('destination');
    type(/Message/, 'Nursing in Sydney');
    fireEvent.click(submit());
    await flush();
    expect(api.submitInquiry).toHaveBeenCalledWith({
      name: 'Sita Sharma',
      email: 'sita@example.com',
      phone: '9800000000',
      message: 'FREE Counseling: Nursing in Sydney',
      entity_type: 'consultancy',
      entity_id: 7,
      consultancy: 7,
      destination: 2,
      exam: null,
    });
  });

  it('sends the exam id, and the prefix alone when the message is empty', async () => {
    await open();
    await fillValid('exam');
    fireEvent.click(submit());
    await flush();
    expect(api.submitInquiry.mock.calls[0]![0]).toMatchObject({ message: 'FREE Counseling: ', destination: null, exam: 5 });
  });

  it("goes 'Submitting...' then 'Submitted!', disabled, and closes exactly 1000 ms after success", async () => {
    let done!: (v: unknown) => void;
    api.submitInquiry.mockReturnValue(new Promise((r) => (done = r)));
    const onClose = await open();
    await fillValid();
    fireEvent.click(submit());
    await flush();
    expect(submit().textContent).toBe('Submitting...');
    expect(submit().disabled).toBe(true);
    fireEvent.click(submit());
    expect(api.submitInquiry).toHaveBeenCalledTimes(1);
    done({});
    await flush();
    expect(submit().textContent).toBe('Submitted!');
    expect(submit().disabled).toBe(true);
    expect(CLOSE_DELAY_MS).toBe(1000);
    act(() => void vi.advanceTimersByTime(999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the server error field', new Error('Phone number is invalid'), 'Phone number is invalid'],
    ["'Failed to send' when the reply has no error field", new Error('Failed to send'), 'Failed to send'],
    ["'Could not send form, please try again.' otherwise", new Error(''), 'Could not send form, please try again.'],
    ['the last fallback for a non-Error', 'weird', 'Could not send form, please try again.'],
  ])('on failure shows %s and returns to idle', async (_, error, text) => {
    api.submitInquiry.mockRejectedValue(error);
    const onClose = await open();
    await fillValid();
    fireEvent.click(submit());
    await flush();
    expect(alertText()).toBe(text);
    expect(submit().textContent).toBe('Book my free session');
    expect(submit().disabled).toBe(false);
    act(() => void vi.advanceTimersByTime(5000));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape and traps focus inside', async () => {
    const onClose = await open();
    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    const last = submit();
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('the destination and exam pickers (WAI-ARIA combobox, issue 11)', () => {
  async function pickDestination() {
    await open();
    type(/Full name/, 'Sita Sharma');
    type(/Email/, 'sita@example.com');
    type(/Phone/, '9800000000');
    fireEvent.click(screen.getByLabelText('A study destination'));
    await flush();
    return screen.getByRole('combobox') as HTMLInputElement;
  }

  it('Enter chooses the highlighted suggestion instead of submitting the form', async () => {
    const combo = await pickDestination();
    focus(combo);
    fireEvent.change(combo, { target: { value: 'can' } });
    fireEvent.keyDown(combo, { key: 'Enter' });
    await flush();
    expect(combo.value).toBe('Canada');
    expect(api.submitInquiry).not.toHaveBeenCalled();
    expect(alertText()).toBeFalsy();
  });

  it('never takes text typed but not chosen for a choice: the field says so, marked invalid', async () => {
    const combo = await pickDestination();
    focus(combo);
    fireEvent.change(combo, { target: { value: 'Atlantis' } });
    fireEvent.keyDown(combo, { key: 'Enter' });
    await flush();
    expect(api.submitInquiry).not.toHaveBeenCalled();
    expect(combo.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(combo.getAttribute('aria-describedby')!)?.textContent).toMatch(/“Atlantis” is not in the list/);
    fireEvent.click(submit());
    await flush();
    expect(api.submitInquiry).not.toHaveBeenCalled();
    expect(alertText()).toBe('Please fill all required fields.');
  });

  it('takes an exact name typed in full when the visitor moves on', async () => {
    const combo = await pickDestination();
    focus(combo);
    fireEvent.change(combo, { target: { value: 'australia' } });
    fireEvent.focusOut(combo);
    fireEvent.blur(combo);
    await flush();
    expect(combo.value).toBe('Australia');
    expect(combo.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(submit());
    await flush();
    expect(api.submitInquiry).toHaveBeenCalledWith(expect.objectContaining({ destination: 1 }));
  });

  it("marks each empty required field at the field, beside SPEC's one message", async () => {
    await open();
    fireEvent.click(screen.getByLabelText('An exam'));
    await flush();
    fireEvent.click(submit());
    await flush();
    expect(alertText()).toBe('Please fill all required fields.');
    for (const label of [/Full name/, /Email/, /Phone/]) expect(input(label).getAttribute('aria-invalid')).toBe('true');
    const combo = screen.getByRole('combobox');
    expect(combo.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(combo.getAttribute('aria-describedby')!)?.textContent).toBe('Choose an exam.');
  });

  it('marks a field the server refused, with its message beside it, and takes the visitor to it (issue 22)', async () => {
    api.submitInquiry.mockRejectedValue(
      new ApiError('Some values are not valid.', 400, { phone: ['Must be a phone number, e.g. 98XXXXXXXX'] }),
    );
    await open();
    await fillValid();
    fireEvent.click(submit());
    await flush();
    expect(alertText()).toBe('Some values are not valid.');
    const phone = input(/Phone/);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe('Must be a phone number, e.g. 98XXXXXXXX');
    expect(document.activeElement).toBe(phone);
    expect(input(/Email/).getAttribute('aria-invalid')).toBeNull();
  });

  it('leaves the reference behind once it closes: kept for the notice of the page (issue 22)', async () => {
    api.submitInquiry.mockResolvedValue({ id: 12, reference: 'B-00012' });
    await open();
    await fillValid();
    fireEvent.click(submit());
    await flush();
    expect($booked.get()).toBeNull();
    act(() => void vi.advanceTimersByTime(CLOSE_DELAY_MS));
    expect($booked.get()).toMatchObject({
      reference: 'B-00012',
      provider: 'Everest Education',
      phone: '9800000000',
      email: 'sita@example.com',
    });
    expect(JSON.parse(sessionStorage.getItem(BOOKED_KEY)!).reference).toBe('B-00012');
  });
});
