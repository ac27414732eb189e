// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/admin.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/api/admin.ts')>();
  return { ...real, getList: vi.fn(), update: vi.fn(), dropdown: vi.fn(async () => []) };
});
vi.mock('../../src/lib/api/cases.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/api/cases.ts')>();
  return { ...real, listFlaggedPayments: vi.fn() };
});

import * as adminApi from '../../src/lib/api/admin.ts';
import * as casesApi from '../../src/lib/api/cases.ts';
import { ApiError } from '../../src/lib/api/client.ts';
import { AdminPayments } from '../../src/admin/PaymentScreens.tsx';
import { ResourceList } from '../../src/admin/ResourceScreens.tsx';
import { $flash } from '../../src/lib/stores/adminFlash.ts';
import { resetListStores } from '../../src/lib/stores/adminList.ts';
import { $session } from '../../src/lib/stores/session.ts';

const api = vi.mocked(adminApi);
const cases = vi.mocked(casesApi);
const page = (results: Record<string, unknown>[]) => ({ count: results.length, next: null, previous: null, results: results as never });
const APP = { id: 11, tracking_code: 'AB12-CD34', full_name: 'Sita Sharma', status: 'offer_conditional', documents: [] };

beforeEach(() => {
  resetListStores();
  vi.clearAllMocks();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("admin: an application's stage", () => {
  it('offers only the next stages, by their labels, and moves with a note, then reloads', async () => {
    api.getList.mockResolvedValueOnce(page([APP])).mockResolvedValue(page([{ ...APP, status: 'offer_unconditional' }]));
    api.update.mockResolvedValue({ ...APP, status: 'offer_unconditional' });
    render(<ResourceList name="application" />);
    const select = (await screen.findByRole('combobox', { name: 'Status of AB12-CD34' })) as HTMLSelectElement;
    const options = [...select.options];
    expect(options[0]!.value).toBe('offer_conditional');
    expect(options.map((o) => o.value)).not.toContain('submitted');
    expect(options.map((o) => o.value)).toContain('offer_unconditional');
    expect(options.find((o) => o.value === 'offer_unconditional')!.textContent).toBe('Unconditional offer');
    const button = screen.getByRole('button', { name: 'Set status' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'offer_unconditional' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Note (optional)' }), { target: { value: 'Letter checked with the university' } });
    fireEvent.click(button);
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith('application', 11, {
        status: 'offer_unconditional',
        note: 'Letter checked with the university',
      }),
    );
    await waitFor(() => expect(api.getList).toHaveBeenCalledTimes(2));
    expect($flash.get()?.text).toMatch(/^Application "AB12-CD34" is now/);
  });

  it('a refused move is said beside the row', async () => {
    api.getList.mockResolvedValue(page([APP]));
    api.update.mockRejectedValue(new ApiError('This application has moved on since you opened it.', 409));
    render(<ResourceList name="application" />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Status of AB12-CD34' }), { target: { value: 'withdrawn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set status' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This application has moved on since you opened it.');
  });

  it('POSTs the stage and the note to the admin stage route', async () => {
    const real = await vi.importActual<typeof adminApi>('../../src/lib/api/admin.ts');
    $session.setKey('access', 'token-1');
    const sent: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        sent.push(req.clone());
        return new Response(JSON.stringify({ id: 11, status: 'documents' }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    await real.update('application', 11, { status: 'documents' });
    expect(sent[0]!.method).toBe('POST');
    expect(new URL(sent[0]!.url).pathname).toBe('/api/consultancy-application/admin/11/status/');
    expect(await sent[0]!.json()).toEqual({ status: 'documents', note: '' });
    $session.setKey('access', null);
  });
});

describe('admin: flagged payments', () => {
  const flagged = {
    id: 4,
    purpose: 'Service fee',
    amount_npr: 50000,
    receipt_number: '',
    receipt_missing: true,
    paid_on: '2026-11-01',
    state: 'disputed',
    state_label: 'Disputed',
    dispute_reason: 'I paid 60,000, not 50,000.',
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-02T00:00:00Z',
    application_id: 11,
    tracking_code: 'AB12-CD34',
    consultancy_id: 7,
    consultancy_name: 'Everest Education',
    full_name: 'Sita Sharma',
  };

  it('lists them with the consultancy, the missing receipt and the dispute, filtered by flag on the server', async () => {
    cases.listFlaggedPayments.mockResolvedValue(page([flagged]));
    render(<AdminPayments />);
    const card = (await screen.findByRole('heading', { name: /Service fee/ })).closest('li')!;
    expect(within(card).getByText(/Everest Education/)).toBeTruthy();
    expect(within(card).getByText('No receipt')).toBeTruthy();
    expect(within(card).getByText('Disputed: I paid 60,000, not 50,000.')).toBeTruthy();
    expect(cases.listFlaggedPayments).toHaveBeenCalledWith(1, '');
    fireEvent.change(screen.getByLabelText('Flag'), { target: { value: 'no_receipt' } });
    await waitFor(() => expect(cases.listFlaggedPayments).toHaveBeenLastCalledWith(1, 'no_receipt'));
  });
});
