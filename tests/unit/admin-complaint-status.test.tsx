// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/admin.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/api/admin.ts')>();
  return { ...real, getList: vi.fn(), update: vi.fn(), dropdown: vi.fn(async () => []) };
});

import * as adminApi from '../../src/lib/api/admin.ts';
import { ApiError } from '../../src/lib/api/client.ts';
import { ResourceList } from '../../src/admin/ResourceScreens.tsx';
import { $flash } from '../../src/lib/stores/adminFlash.ts';
import { resetListStores } from '../../src/lib/stores/adminList.ts';
import { $session } from '../../src/lib/stores/session.ts';

const api = vi.mocked(adminApi);
const page = (results: Record<string, unknown>[]) => ({ count: results.length, next: null, previous: null, results: results as never });
const COMPLAINT = { id: 7, name: 'Gita Rai', subject: 'Fees not refunded', status: 'open', evidence: null };

beforeEach(() => {
  resetListStores();
  api.getList.mockReset();
  api.update.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('complaint status: the console call', () => {
  it('PATCHes only the status to /complaint/{id}/status/, with the token', async () => {
    const real = await vi.importActual<typeof adminApi>('../../src/lib/api/admin.ts');
    $session.setKey('access', 'token-1');
    const sent: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (req: Request) => {
        sent.push(req.clone());
        return new Response(JSON.stringify({ ...COMPLAINT, status: 'resolved' }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    expect(await real.update('complaint', 7, { status: 'resolved' })).toMatchObject({ id: 7, status: 'resolved' });
    const request = sent[0]!;
    expect(request.method).toBe('PATCH');
    expect(new URL(request.url).pathname).toBe('/api/complaint/7/status/');
    expect(request.headers.get('authorization')).toBe('Bearer token-1');
    expect(await request.json()).toEqual({ status: 'resolved' });
    $session.setKey('access', null);
  });

  it("reports the server's error, else SPEC §8's generic text", async () => {
    const real = await vi.importActual<typeof adminApi>('../../src/lib/api/admin.ts');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'Complaint not found.' }), { status: 404, headers: { 'content-type': 'application/json' } }),
      ),
    );
    await expect(real.update('complaint', 999, { status: 'closed' })).rejects.toThrow('Complaint not found.');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    await expect(real.update('complaint', 7, { status: 'closed' })).rejects.toThrow('Failed to update complaint');
  });
});

describe('complaint status: the list screen', () => {
  it('changes a complaint status from the list and reloads it', async () => {
    api.getList.mockResolvedValueOnce(page([COMPLAINT])).mockResolvedValue(page([{ ...COMPLAINT, status: 'resolved' }]));
    api.update.mockResolvedValue({ ...COMPLAINT, status: 'resolved' });
    render(<ResourceList name="complaint" />);
    const select = await screen.findByRole('combobox', { name: 'Status of Fees not refunded' });
    const button = screen.getByRole('button', { name: 'Set status' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'resolved' } });
    fireEvent.click(button);
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('complaint', 7, { status: 'resolved' }));
    await waitFor(() => expect($flash.get()?.text).toBe('Complaint "Fees not refunded" is now resolved.'));
    expect(api.getList).toHaveBeenCalledTimes(2);
    // no edit screen or delete: a complaint is not content
    expect(screen.queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('shows why a change failed', async () => {
    api.getList.mockResolvedValue(page([COMPLAINT]));
    api.update.mockRejectedValue(new ApiError('Complaint not found.', 404));
    render(<ResourceList name="complaint" />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Status of Fees not refunded' }), { target: { value: 'closed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set status' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Complaint not found.');
  });

  it('leaves other list-only resources without a status change', async () => {
    api.getList.mockResolvedValue(page([{ id: 3, name: 'Ram', email: 'r@x.np', message: 'Hello' }]));
    render(<ResourceList name="inquiry" />);
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('button', { name: 'Set status' })).toBeNull();
  });
});

describe('complaint status: a note for the history', () => {
  it('sends the note typed with the status', async () => {
    api.getList.mockResolvedValue(page([COMPLAINT]));
    api.update.mockResolvedValue({ ...COMPLAINT, status: 'rejected' });
    render(<ResourceList name="complaint" />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Status of Fees not refunded' }), { target: { value: 'rejected' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: '  The receipt is for another agency.  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set status' }));
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith('complaint', 7, { status: 'rejected', note: 'The receipt is for another agency.' }),
    );
  });
});
