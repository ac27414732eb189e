// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/admin.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/api/admin.ts')>();
  return {
    ...real,
    getOne: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    dropdown: vi.fn(async () => []),
    optionsById: vi.fn(async () => []),
  };
});
vi.mock('../../src/lib/api/settings.ts', () => ({ getSiteStatus: vi.fn(async () => ({ runner: false, content_version: 0 })) }));

import * as adminApi from '../../src/lib/api/admin.ts';
import { resource } from '../../src/admin/resources/index.ts';
import { ApiError } from '../../src/lib/api/client.ts';
import { ResourceEdit } from '../../src/admin/ResourceScreens.tsx';
import { prepareBody } from '../../src/lib/forms/prepare.ts';
import { $dirty, confirmLeave, LEAVE_QUESTION } from '../../src/lib/stores/admin.ts';
import { $question, answer } from '../../src/lib/stores/adminConfirm.ts';
import { $flash } from '../../src/lib/stores/adminFlash.ts';
import { $labels } from '../../src/lib/stores/adminRefs.ts';

const api = vi.mocked(adminApi);
const submit = () => fireEvent.click(screen.getByRole('button', { name: /^(Create|Save changes)$/ }));

beforeEach(() => {
  api.getOne.mockReset();
  api.create.mockReset();
  api.update.mockReset();
  api.dropdown.mockReset();
  api.dropdown.mockResolvedValue([]);
  api.optionsById.mockReset();
  api.optionsById.mockResolvedValue([]);
  $dirty.set(false);
  $labels.set({});
});
afterEach(() => cleanup());

describe('generic form screen: create', () => {
  it('draws a widget per field kind from the declaration', async () => {
    render(<ResourceEdit name="university" />);
    expect(screen.getByRole('heading', { name: 'New university' })).toBeTruthy();
    expect(screen.getByLabelText(/^Name/).getAttribute('type')).toBe('text');
    expect(screen.getByLabelText('Website').getAttribute('type')).toBe('url');
    expect(screen.getByLabelText('Established in').getAttribute('type')).toBe('number');
    expect(screen.getByLabelText('Type').tagName).toBe('SELECT');
    expect(screen.getByRole('combobox', { name: 'Destination' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Disciplines' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'About' }).getAttribute('contenteditable')).toBe('true');
    expect(screen.getByRole('toolbar', { name: 'About formatting' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add question' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add intake' })).toBeTruthy();
    expect(screen.getByLabelText('Logo').getAttribute('type')).toBe('file');
  });

  it('validates with the contract schema before sending', async () => {
    render(<ResourceEdit name="university" />);
    submit();
    const name = screen.getByLabelText(/^Name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent).toBe('This field is required');
    expect(api.create).not.toHaveBeenCalled();
  });

  it('sends the values, files and rows, then opens the new record', async () => {
    api.create.mockResolvedValue({ id: 9, name: 'Uni' });
    api.dropdown.mockResolvedValue([{ id: 4, value: 4, label: 'Engineering' }]);
    render(<ResourceEdit name="university" />);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Uni' } });
    fireEvent.change(screen.getByLabelText('World ranking'), { target: { value: '12' } });
    const logo = new File(['x'], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Logo'), { target: { files: [logo] } });
    expect(await screen.findByText('New file: logo.png')).toBeTruthy();
    const disciplines = screen.getByRole('combobox', { name: 'Disciplines' });
    fireEvent.focus(disciplines);
    fireEvent.click(await screen.findByRole('option', { name: 'Engineering' }));
    expect(screen.getByRole('button', { name: 'Remove Engineering' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add intake' }));
    fireEvent.change(screen.getByLabelText('Intakes 1'), { target: { value: 'February' } });
    expect($dirty.get()).toBe(true);
    submit();
    await waitFor(() => expect(api.create).toHaveBeenCalled());
    const [resource, values] = api.create.mock.calls[0];
    expect(resource).toBe('university');
    expect(values).toMatchObject({ name: 'Uni', world_ranking: 12, disciplines: [4], intakes: ['February'], logo });
    await waitFor(() => expect($dirty.get()).toBe(false));
  });

  it("shows the server's per-field errors beside their fields", async () => {
    api.create.mockRejectedValue(
      new ApiError('Check the highlighted fields', 400, {
        name: ['A university with this name exists'],
        website: ['Must be a web address (https://...)'],
      }),
    );
    render(<ResourceEdit name="university" />);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Monash' } });
    submit();
    await waitFor(() => expect(api.create).toHaveBeenCalled());
    expect(await screen.findByText('A university with this name exists')).toBeTruthy();
    expect(screen.getByText('Must be a web address (https://...)')).toBeTruthy();
    expect(screen.getByText('Check the highlighted fields')).toBeTruthy();
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Website').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('generic form screen: edit', () => {
  const RECORD = {
    id: 3,
    name: 'Everest Consultancy',
    logo: '/media/everest.png',
    about: '<p>Hello</p>',
    districts: [{ id: 1, name: 'Kathmandu' }],
    highlights: ['Visa help'],
    gallery: ['/media/g1.png', '/media/g2.png'],
    verified: true,
    establishment_date: '2010-05-01',
    priority: 5,
  };

  it('loads the record into the fields, names its refs and previews its files', async () => {
    api.getOne.mockResolvedValue(RECORD);
    render(<ResourceEdit name="consultancy" id="3" />);
    expect(await screen.findByDisplayValue('Everest Consultancy')).toBeTruthy();
    expect(api.getOne).toHaveBeenCalledWith('consultancy', '3');
    expect((screen.getByLabelText('Verified') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByDisplayValue('2010-05-01')).toBeTruthy();
    expect(screen.getByDisplayValue('Visa help')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Kathmandu' })).toBeTruthy();
    expect(screen.getByAltText('Logo: preview').getAttribute('src')).toBe('/media/everest.png');
    expect(screen.getByRole('textbox', { name: 'About' }).innerHTML).toBe('<p>Hello</p>');
    expect(screen.getAllByAltText(/Gallery: /)).toHaveLength(2);
  });

  it('removes a gallery image into deleted_gallery_images and saves by id', async () => {
    api.getOne.mockResolvedValue(RECORD);
    api.update.mockResolvedValue(RECORD);
    render(<ResourceEdit name="consultancy" id="3" />);
    await screen.findByDisplayValue('Everest Consultancy');
    fireEvent.click(screen.getByRole('button', { name: 'Remove g1.png' }));
    expect(screen.getByText(/1 image\(s\) will be removed/)).toBeTruthy();
    submit();
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    const [resource, id, values] = api.update.mock.calls[0];
    expect([resource, id]).toEqual(['consultancy', '3']);
    expect(values).toMatchObject({
      gallery: ['/media/g2.png'],
      deleted_gallery_images: ['/media/g1.png'],
      name: 'Everest Consultancy',
      districts: [1],
    });
    await waitFor(() => expect($flash.get()?.text).toBe('Consultancy saved.'));
  });

  it('a failed load shows the error', async () => {
    api.getOne.mockRejectedValue(new ApiError('Failed to fetch consultancy', 404));
    render(<ResourceEdit name="consultancy" id="77" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch consultancy');
  });
});

describe('unsaved changes', () => {
  it('marks the form dirty and asks before leaving', async () => {
    api.getOne.mockResolvedValue({ id: 1, name: 'Kaski', province: 'Gandaki' });
    render(<ResourceEdit name="district" id="1" />);
    const name = await screen.findByDisplayValue('Kaski');
    expect($dirty.get()).toBe(false);
    fireEvent.change(name, { target: { value: 'Kaski!' } });
    await waitFor(() => expect($dirty.get()).toBe(true));
    const leave = confirmLeave();
    await waitFor(() => expect($question.get()).toBe(LEAVE_QUESTION));
    answer(false);
    expect(await leave).toBe(false);
    cleanup();
    expect($dirty.get()).toBe(false);
  });
});

describe('keyboard', () => {
  it('every aria-describedby names texts that are there (help shown, no error yet)', () => {
    const { container } = render(<ResourceEdit name="consultancy" />);
    const described = [...container.querySelectorAll('[aria-describedby]')];
    expect(described.length).toBeGreaterThan(0);
    const missing = described.flatMap((el) =>
      el
        .getAttribute('aria-describedby')!
        .split(' ')
        .filter((id) => !document.getElementById(id)),
    );
    expect(missing).toEqual([]);
  });

  it("the gallery's clipped file input is followed by its label, which shows its focus", async () => {
    render(<ResourceEdit name="consultancy" />);
    const input = screen.getByLabelText('Add images');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.tabIndex).toBe(0);
    expect(input.nextElementSibling?.tagName).toBe('LABEL');
    // the label draws the ring when its peer, the input, has keyboard focus (Tailwind's peer-focus-visible)
    expect(input.classList.contains('peer')).toBe(true);
    expect(input.nextElementSibling!.className).toMatch(/peer-focus-visible:outline-3\b/);
  });

  it('picks a ref with the arrow keys and Enter, removes with Backspace', async () => {
    api.dropdown.mockResolvedValue([
      { id: 1, value: 1, label: 'Kathmandu' },
      { id: 2, value: 2, label: 'Lalitpur' },
    ]);
    render(<ResourceEdit name="college" />);
    const box = screen.getByRole('combobox', { name: 'Districts' });
    fireEvent.focus(box);
    await screen.findByRole('option', { name: 'Kathmandu' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    const chips = screen.getByRole('list', { name: 'Chosen districts' });
    expect(within(chips).getByText('Lalitpur')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Backspace' });
    expect(screen.queryByRole('list', { name: 'Chosen districts' })).toBeNull();
  });
});

describe('new records start with the declared defaults', () => {
  it('a new user starts active and the prepared request sends active true', async () => {
    api.create.mockResolvedValue({ id: 4 });
    render(<ResourceEdit name="user" />);
    expect((screen.getByLabelText('Active') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'new@x.np' } });
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Nima' } });
    fireEvent.change(screen.getByLabelText(/^Role/), { target: { value: 'student' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret123' } });
    submit();
    await waitFor(() => expect(api.create).toHaveBeenCalled());
    const [, values] = api.create.mock.calls[0];
    expect(resource('user').prepare!(values, 'create')).toMatchObject({ email: 'new@x.np', role: 'student', active: true });
  });

  it('a new ad starts active and the prepared request sends active true', async () => {
    api.create.mockResolvedValue({ id: 5 });
    render(<ResourceEdit name="ad" />);
    expect((screen.getByLabelText('Active') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Spring intake' } });
    fireEvent.change(screen.getByLabelText(/^Placement/), { target: { value: 'sidebar' } });
    submit();
    await waitFor(() => expect(api.create).toHaveBeenCalled());
    const [, values] = api.create.mock.calls[0];
    const body = prepareBody(resource('ad'), values, 'create') as FormData;
    expect(body.get('active')).toBe('true');
  });

  it('an existing record keeps its own value', async () => {
    api.getOne.mockResolvedValue({ id: 2, title: 'Old', placement: 'banner', active: false });
    render(<ResourceEdit name="ad" id="2" />);
    await screen.findByDisplayValue('Old');
    expect((screen.getByLabelText('Active') as HTMLInputElement).checked).toBe(false);
  });
});

describe('pickers page on the server', () => {
  it('load nothing until opened, then ask with what is typed', async () => {
    render(<ResourceEdit name="college" />);
    const box = screen.getByRole('combobox', { name: 'Districts' });
    await new Promise((r) => setTimeout(r, 20));
    expect(api.dropdown).not.toHaveBeenCalled();
    fireEvent.focus(box);
    await waitFor(() => expect(api.dropdown).toHaveBeenCalledWith('district', ''));
    fireEvent.change(box, { target: { value: 'kath' } });
    await waitFor(() => expect(api.dropdown).toHaveBeenLastCalledWith('district', 'kath'));
    expect(api.dropdown.mock.calls.every(([ref]) => ref === 'district')).toBe(true);
  });

  it('names a chosen id that the record does not name by looking it up', async () => {
    api.getOne.mockResolvedValue({ id: 5, email: 'c@x.np', first_name: 'C', role: 'consultancy', consultancy_id: 7, active: true });
    api.optionsById.mockResolvedValue([{ id: 7, value: 7, label: 'Everest Education' }]);
    render(<ResourceEdit name="user" id="5" />);
    expect(await screen.findByRole('button', { name: 'Remove Everest Education' })).toBeTruthy();
    expect(api.optionsById).toHaveBeenCalledWith('consultancy', [7]);
    expect(api.dropdown).not.toHaveBeenCalled();
  });
});

describe('user institution links', () => {
  it('a role change sends null for the links of the other kinds', async () => {
    api.getOne.mockResolvedValue({ id: 5, email: 'c@x.np', first_name: 'C', role: 'consultancy', consultancy_id: 7, active: true });
    api.optionsById.mockResolvedValue([{ id: 7, value: 7, label: 'Everest Education' }]);
    api.dropdown.mockResolvedValue([{ id: 3, value: 3, label: 'Kathmandu College' }]);
    api.update.mockResolvedValue({ id: 5 });
    render(<ResourceEdit name="user" id="5" />);
    await screen.findByRole('button', { name: 'Remove Everest Education' });
    fireEvent.change(screen.getByLabelText(/^Role/), { target: { value: 'college' } });
    fireEvent.focus(screen.getByRole('combobox', { name: 'College (college accounts)' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Kathmandu College' }));
    submit();
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    const [, , values] = api.update.mock.calls[0];
    expect(resource('user').prepare!(values, 'update')).toMatchObject({
      role: 'college',
      college_id: 3,
      consultancy_id: null,
      university_id: null,
    });
  });
});
