// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/admin.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/api/admin.ts')>();
  return { ...real, getList: vi.fn(), remove: vi.fn(), usedBy: vi.fn(async () => []), dropdown: vi.fn(async () => []), getAll: vi.fn() };
});
vi.mock('../../src/lib/api/files.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api/files.ts')>()),
  downloadPrivateFile: vi.fn(),
}));

import * as adminApi from '../../src/lib/api/admin.ts';
import { resource } from '../../src/admin/resources/index.ts';
import * as filesApi from '../../src/lib/api/files.ts';
import { ApiError } from '../../src/lib/api/client.ts';
import { ResourceList } from '../../src/admin/ResourceScreens.tsx';
import { $question, answer } from '../../src/lib/stores/adminConfirm.ts';
import { $flash } from '../../src/lib/stores/adminFlash.ts';
import { listStore, resetListStores, SEARCH_DELAY } from '../../src/lib/stores/adminList.ts';
import { $session } from '../../src/lib/stores/session.ts';

const api = vi.mocked(adminApi);
const files = vi.mocked(filesApi);
const page = (results: Record<string, unknown>[], count = results.length, next: string | null = null) => ({
  count,
  next,
  previous: null,
  results: results as never,
});
const UNIS = [
  { id: 1, name: 'Monash University', destination_id: 2, destination_name: 'Australia', city: 'Melbourne', world_ranking: 42 },
  { id: 2, name: 'University of Toronto', destination_id: 3, destination_name: 'Canada', city: 'Toronto', world_ranking: 21 },
];
const lastParams = () => api.getList.mock.calls.at(-1)![1];
/** Presses a Delete button and answers the question it asks in the page. */
async function deleteAnswering(button: HTMLElement, yes: boolean) {
  fireEvent.click(button);
  await waitFor(() => expect($question.get()).not.toBeNull());
  answer(yes);
}

beforeEach(() => {
  resetListStores();
  api.getList.mockReset();
  api.getList.mockResolvedValue(page(UNIS, 45, 'next'));
  api.remove.mockReset();
  api.usedBy.mockReset();
  api.usedBy.mockResolvedValue([]);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('generic list screen', () => {
  it('draws columns from the declaration and rows from the server, with paging', async () => {
    render(<ResourceList name="university" />);
    expect(await screen.findByText('Monash University')).toBeTruthy();
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers).toEqual(['Name', 'Destination', 'City', 'World ranking', 'Actions']);
    expect(within(table).getByText('Australia')).toBeTruthy();
    expect(screen.getByText(/Page 1 of 3/)).toBeTruthy();
    expect(api.getList).toHaveBeenCalledWith('university', expect.objectContaining({ page: 1, pageSize: 20, search: '' }));
    expect(screen.getByRole('link', { name: 'New university' }).getAttribute('href')).toBe('/admin/university/new/');
    expect(screen.getByRole('link', { name: 'Monash University' }).getAttribute('href')).toBe('/admin/university/1/');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ page: 2 }));
  });

  it('searches on the server after a pause, back on page 1', async () => {
    vi.useFakeTimers();
    render(<ResourceList name="university" />);
    await act(async () => {});
    api.getList.mockClear();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search universities' }), { target: { value: 'mon' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search universities' }), { target: { value: 'mona' } });
    expect(api.getList).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_DELAY + 10);
    });
    expect(api.getList).toHaveBeenCalledTimes(1);
    expect(lastParams()).toMatchObject({ search: 'mona', page: 1 });
  });

  it('sorts by a column: ascending, descending, off', async () => {
    render(<ResourceList name="university" />);
    await screen.findByText('Monash University');
    const sortName = () => screen.getByRole('button', { name: /^Name/ });
    fireEvent.click(sortName());
    await waitFor(() => expect(lastParams()).toMatchObject({ ordering: 'name' }));
    expect(screen.getAllByRole('columnheader')[0].getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(sortName());
    await waitFor(() => expect(lastParams()).toMatchObject({ ordering: '-name' }));
    fireEvent.click(sortName());
    await waitFor(() => expect(lastParams()).toMatchObject({ ordering: undefined }));
  });

  it('filters from the declaration (select and boolean)', async () => {
    api.getList.mockResolvedValue(page([{ id: 1, name: 'IELTS', full_name: 'International English', type: 'english' }]));
    render(<ResourceList name="exam" />);
    await screen.findByText('IELTS');
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'aptitude' } });
    await waitFor(() => expect(lastParams()).toMatchObject({ filters: { type: 'aptitude' }, page: 1 }));
    cleanup();
    api.getList.mockResolvedValue(page([{ id: 1, name: 'Everest', verified: true }]));
    render(<ResourceList name="consultancy" />);
    await screen.findByText('Everest');
    fireEvent.change(screen.getByLabelText('Verified'), { target: { value: 'true' } });
    await waitFor(() => expect(lastParams()).toMatchObject({ filters: { verified: 'true' } }));
  });

  it('asks the server what uses the row first; an unused one is deleted after confirming, with the message, and the list reloads', async () => {
    api.remove.mockResolvedValue({ success: true, message: 'University deleted successfully!' });
    render(<ResourceList name="university" />);
    await screen.findByText('Monash University');
    api.getList.mockResolvedValue(page([UNIS[1]]));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Monash University' }));
    await waitFor(() =>
      expect($question.get()).toMatchObject({
        title: 'Delete this university?',
        text: '“Monash University” will be deleted. This cannot be undone.',
        yes: 'Delete',
      }),
    );
    expect(api.usedBy).toHaveBeenCalledWith('university', 1);
    answer(true);
    await waitFor(() => expect($flash.get()?.text).toBe('University deleted successfully!'));
    expect(api.remove).toHaveBeenCalledWith('university', 1, undefined);
    await waitFor(() => expect(screen.queryByText('Monash University')).toBeNull());
  });

  it('a used row opens the in-use dialog at once, naming the rows, never the "cannot be undone" question; moves them and deletes', async () => {
    api.usedBy.mockResolvedValueOnce([
      { entity: 'course', label: 'courses', count: 7, names: ['BSc A', 'BSc B', 'BSc C', 'BSc D', 'BSc E'] },
      { entity: 'event', label: 'event', count: 1, names: ['Sydney Fair'] },
    ]);
    api.dropdown.mockResolvedValue([{ id: 2, value: 2, label: 'University of Toronto' }]);
    render(<ResourceList name="university" />);
    await screen.findByText('Monash University');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Monash University' }));
    const dialog = await screen.findByRole('dialog', { name: 'University “Monash University” is in use' });
    expect(dialog.getAttribute('open')).not.toBeNull();
    expect($question.get()).toBeNull();
    expect(dialog.textContent).not.toMatch(/cannot be undone/);
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['7 courses: BSc A, BSc B, BSc C, BSc D, BSc E and 2 more', '1 event: Sydney Fair']);
    // the safe answer has the focus
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.remove).not.toHaveBeenCalled();
    const move = within(dialog).getByRole('button', { name: 'Move them and delete' }) as HTMLButtonElement;
    expect(move.disabled).toBe(true);

    const picker = within(dialog).getByLabelText('Another university');
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'Tor' } });
    fireEvent.click(await within(dialog).findByRole('option', { name: 'University of Toronto' }));
    api.remove.mockResolvedValueOnce({ success: true, message: 'University deleted successfully!' });
    fireEvent.click(move);
    await waitFor(() => expect($flash.get()?.text).toBe('University deleted successfully!'));
    expect(api.remove).toHaveBeenCalledWith('university', 1, 2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a delete refused after all (a use added meanwhile) opens the same dialog; Cancel touches nothing', async () => {
    api.remove.mockRejectedValueOnce(
      new ApiError('This university is used by 3 courses.', 409, undefined, {
        used_by: [{ entity: 'course', label: 'courses', count: 3 }],
      }),
    );
    render(<ResourceList name="university" />);
    await screen.findByText('Monash University');
    await deleteAnswering(screen.getByRole('button', { name: 'Delete Monash University' }), true);
    const dialog = await screen.findByRole('dialog', { name: /is in use/ });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['3 courses']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.remove).toHaveBeenCalledTimes(1);
  });

  it('a second press while the server is asked does nothing, and the button keeps its focus', async () => {
    let reply!: (uses: []) => void;
    api.usedBy.mockReturnValueOnce(new Promise((resolve) => (reply = resolve)));
    render(<ResourceList name="university" />);
    await screen.findByText('Monash University');
    const button = screen.getByRole('button', { name: 'Delete Monash University' }) as HTMLButtonElement;
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('Checking…'));
    fireEvent.click(button);
    expect(api.usedBy).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    reply([]);
    await waitFor(() => expect($question.get()).not.toBeNull());
    answer(false);
  });

  it('a failed check says so and offers no delete', async () => {
    api.usedBy.mockRejectedValueOnce(new ApiError('Failed to delete university', 500));
    render(<ResourceList name="university" />);
    await screen.findByText('Monash University');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Monash University' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete university');
    expect($question.get()).toBeNull();
    expect(api.remove).not.toHaveBeenCalled();
  });

  it('does not delete when the admin says no', async () => {
    render(<ResourceList name="university" />);
    await screen.findByText('Monash University');
    await deleteAnswering(screen.getByRole('button', { name: 'Delete Monash University' }), false);
    await act(async () => {});
    expect(api.remove).not.toHaveBeenCalled();
  });

  it("shows the server's error", async () => {
    api.getList.mockRejectedValue(new ApiError('Failed to fetch universities', 500));
    render(<ResourceList name="university" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch universities');
  });

  it('read-only lists (inquiries) have no create, edit or delete', async () => {
    api.getList.mockResolvedValue(page([{ id: 1, name: 'Asha', email: 'a@x.np', entity_type: 'consultancy' }]));
    render(<ResourceList name="inquiry" />);
    await screen.findByText('Asha');
    expect(screen.queryByRole('link', { name: /New/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });
});

describe('inquiries', () => {
  const INQUIRY = {
    id: 1,
    created_at: '2026-01-02T10:00:00Z',
    name: 'Asha',
    email: 'a@x.np',
    phone: '9841000000',
    entity_type: 'college',
    entity_id: 4,
    entity_name: 'Kathmandu College',
    destination_name: 'Australia',
    exam_name: null,
    message: 'Hello',
    status: 'new',
  };

  it('show the institution, type and name, in the list and the CSV', async () => {
    api.getList.mockResolvedValue(page([INQUIRY]));
    api.getAll.mockResolvedValue([INQUIRY] as never);
    render(<ResourceList name="inquiry" />);
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Institution type', 'Institution']));
    expect(headers).not.toContain('Consultancy');
    expect(within(table).getByText('Kathmandu College')).toBeTruthy();
    expect(within(table).getByText('college')).toBeTruthy();
    const [head, row] = (await listStore('inquiry').exportCsv()).split('\r\n');
    expect(head.split(',')).toEqual(expect.arrayContaining(['entity_type', 'entity_name']));
    expect(row).toContain(',college,Kathmandu College,');
  });

  it('filter by institution type, consultancy, destination and dates on the server', async () => {
    api.getList.mockResolvedValue(page([INQUIRY]));
    api.dropdown.mockResolvedValue([{ id: 3, value: 3, label: 'Australia' }]);
    render(<ResourceList name="inquiry" />);
    await screen.findByText('Asha');
    expect(screen.getByRole('combobox', { name: 'Consultancy' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Institution type'), { target: { value: 'college' } });
    fireEvent.change(screen.getByLabelText('Received from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Received until'), { target: { value: '2026-01-31' } });
    fireEvent.focus(screen.getByRole('combobox', { name: 'Destination' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Australia' }));
    const filters = { entity_type: 'college', date_from: '2026-01-01', date_to: '2026-01-31', destination: '3' };
    await waitFor(() => expect(lastParams()).toMatchObject({ filters, page: 1 }));
    const query = adminApi.listSearchParams(resource('inquiry'), lastParams());
    expect(Object.fromEntries(query)).toMatchObject(filters);
  });
});

describe('personal files in the console', () => {
  it('offers complaint evidence and application documents as downloads through the client, never as links', async () => {
    api.getList.mockResolvedValue(page([{ id: 7, name: 'Gita Rai', subject: 'Fees', evidence: '/api/complaint/7/evidence/' }]));
    render(<ResourceList name="complaint" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download evidence' }));
    expect(files.downloadPrivateFile).toHaveBeenCalledWith('/api/complaint/7/evidence/', 'Evidence');
    expect(screen.queryByRole('link', { name: /Open|evidence/i })).toBeNull();
    cleanup();

    const documents = [
      { id: 1, url: '/api/consultancy-application/3/documents/1/', original_name: 'transcript.pdf', mime: 'application/pdf', size: 900 },
      { id: 2, url: '/api/consultancy-application/3/documents/2/', original_name: 'passport.png', mime: 'image/webp', size: 700 },
    ];
    api.getList.mockResolvedValue(
      page([{ id: 3, tracking_code: 'ABCD-EFGH-JKMN-PQRS', full_name: 'Ram', status: 'submitted', documents }]),
    );
    render(<ResourceList name="application" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download passport.png' }));
    expect(files.downloadPrivateFile).toHaveBeenLastCalledWith('/api/consultancy-application/3/documents/2/', 'passport.png');
    expect(screen.getByRole('button', { name: 'Download transcript.pdf' })).toBeTruthy();
  });

  it('shows why a download failed', async () => {
    files.downloadPrivateFile.mockRejectedValueOnce(new ApiError('Document not found.', 404));
    api.getList.mockResolvedValue(page([{ id: 7, name: 'Gita Rai', subject: 'Fees', evidence: '/api/complaint/7/evidence/' }]));
    render(<ResourceList name="complaint" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download evidence' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Document not found.');
  });

  it('fetches the file with the access token and saves it under the name the server gives', async () => {
    const real = await vi.importActual<typeof filesApi>('../../src/lib/api/files.ts');
    $session.setKey('access', 'token-1');
    const fetch = vi.fn(
      async (_req: Request) =>
        new Response('%PDF-1.4', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="________.pdf"; filename*=UTF-8''${encodeURIComponent('पासपोर्ट')}.pdf`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const saved: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this);
    });
    await real.downloadPrivateFile('/api/complaint/7/evidence/', 'Evidence');
    const request = fetch.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/complaint/7/evidence/');
    expect(request.headers.get('authorization')).toBe('Bearer token-1');
    expect(saved[0]!.download).toBe('पासपोर्ट.pdf');
    expect(saved[0]!.href).toMatch(/^blob:/);
    $session.setKey('access', null);
  });
});
