// @vitest-environment happy-dom
/** @jsxImportSource preact */
/**
 * No form may send what a visitor typed in a URL. Islands render on the server and only become
 * live when their JavaScript has loaded: on a slow phone a visitor can press "Sign in" before that,
 * and a form without method="post" then submits natively as a GET, with the email and password in
 * the address bar, the history and server logs. Every form is method="post", and those the server
 * renders cannot be submitted at all before hydration, except the few made to work without scripts,
 * whose endpoints answer the browser's own post (or GET, for a tracking code).
 */
import fs from 'node:fs';
import path from 'node:path';
import { render as renderToString } from 'preact-render-to-string';
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import ApplyForm from '../../src/islands/ApplyForm.tsx';
import Complaint from '../../src/islands/Complaint.tsx';
import { ForumHome, QuestionView } from '../../src/islands/Forum.tsx';
import Login from '../../src/islands/Login.tsx';
import Track from '../../src/islands/Track.tsx';
import { NOT_READY } from '../../src/islands/FormBits.tsx';

afterEach(cleanup);

const SRC = path.resolve(import.meta.dirname, '../../src');
const sourceFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.(tsx|astro|html)$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );

describe('every form in src/', () => {
  const forms = sourceFiles(SRC).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/<form\b[^>]*>/g)].map((m) => ({ file: path.relative(SRC, file), tag: m[0] })),
  );

  it('finds the forms', () => {
    expect(forms.length).toBeGreaterThanOrEqual(12);
  });

  it('posts, unless it is a search form (a query is not personal data)', () => {
    const offenders = forms.filter(({ tag }) => !/\bmethod="post"/.test(tag) && !/\brole="search"/.test(tag));
    expect(offenders).toEqual([]);
  });
});

const ISLANDS = {
  login: <Login />,
  complaint: <Complaint />,
  apply: (
    <ApplyForm
      consultancyId={1}
      consultancyName="Everest Education"
      licence={{ issuing_office: 'Ministry of Education, Science and Technology', expires_on: '2099-12-31' }}
    />
  ),
  track: <Track />,
  forum: <ForumHome category={null} categories={[]} />,
  forumQuestion: (
    <QuestionView id={1} initial={{ id: 1, title: 'Is 6.5 enough?', body: '', created_at: '2026-11-20T10:00:00Z', replies: [] }} />
  ),
};

/** The forms that work without JavaScript (issue 22): what the browser itself sends, and where. */
const NATIVE: Record<string, { method: string; action: string }> = {
  complaint: { method: 'post', action: '/api/complaint/submit/' },
  apply: { method: 'post', action: '/api/consultancy-application/submit/' },
  track: { method: 'get', action: '/track/' },
};

describe('server-rendered islands (as the built page has them, before hydration)', () => {
  const parse = (html: string) => new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');

  it.each(Object.entries(ISLANDS))(
    '%s: every form posts and no submit control is enabled, unless the form is made to work without scripts',
    (name, island) => {
      const doc = parse(renderToString(island));
      for (const form of doc.querySelectorAll('form')) {
        const submitters = [
          ...form.querySelectorAll('button:not([type]), button[type="submit"], input[type="submit"], input[type="image"]'),
        ];
        expect(submitters.length).toBeGreaterThan(0);
        const native = NATIVE[name];
        if (native) {
          // an endpoint that answers a plain form (server/no-script.ts): live from the first paint
          expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual([native.method, native.action]);
          if (native.method === 'post') expect(form.getAttribute('enctype')).toBe('multipart/form-data');
          for (const button of submitters) expect(button.hasAttribute('disabled')).toBe(false);
          continue;
        }
        expect(form.getAttribute('method')).toBe('post');
        for (const button of submitters) {
          expect(button.hasAttribute('disabled')).toBe(true);
          expect(button.textContent).toBe(NOT_READY);
        }
      }
    },
  );

  it('the sign-in form has its fields in the markup, so the test above is about them', () => {
    const doc = parse(renderToString(ISLANDS.login));
    expect(doc.querySelector('form input[type="password"]')).not.toBeNull();
  });

  it('once hydrated, the button says what it does and is enabled', () => {
    const { container } = render(<Login />);
    const button = container.querySelector<HTMLButtonElement>('form button[type="submit"]')!;
    expect(button.textContent).toBe('Sign in');
    expect(button.disabled).toBe(false);
  });
});
