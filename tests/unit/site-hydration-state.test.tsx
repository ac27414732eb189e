// @vitest-environment happy-dom
/** @jsxImportSource preact */
/**
 * Islands whose state lives on the device (issue 27): the server renders them as for a device with
 * nothing stored, hydration keeps that markup (Preact does not set `checked` or `value` while
 * hydrating), and only then do they show what the device holds. The profile form is in the page's
 * HTML, so nothing moves when it hydrates (it appeared after load and pushed the footer 1,000 px).
 */
import { render as renderToString } from 'preact-render-to-string';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import DataSaverToggle from '../../src/islands/DataSaverToggle.tsx';
import ProfileForm from '../../src/islands/ProfileForm.tsx';
import { $dataSaver } from '../../src/lib/stores/dataSaver.ts';

afterEach(() => {
  cleanup();
  $dataSaver.set(false);
  localStorage.clear();
});

describe('device state after hydration', () => {
  it('the profile form is in the server HTML, empty, with its fields', () => {
    const html = renderToString(<ProfileForm />);
    expect(html).toMatch(/^<form method="post" class="profile-form">/);
    expect(html).toContain('id="p-ielts.overall"');
    expect(html).not.toContain('Loading');
  });

  it('the profile form shows the stored profile once mounted', async () => {
    localStorage.setItem('qualify_profile', JSON.stringify({ ielts: { overall: 6.5, lowest: 6 } }));
    render(<ProfileForm />);
    expect(((await screen.findByDisplayValue('6.5')) as HTMLInputElement).id).toBe('p-ielts.overall');
  });

  it("data saver's switch is off in the server HTML and on once mounted when the device has it on", () => {
    $dataSaver.set(true);
    expect(renderToString(<DataSaverToggle />)).not.toContain('checked');
    render(<DataSaverToggle />);
    expect((screen.getByLabelText('Data saver: no pictures') as HTMLInputElement).checked).toBe(true);
  });
});
