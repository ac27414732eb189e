import { describe, expect, it } from 'vitest';
import { localPath } from '../../src/lib/shared/local-path.ts';
import { backPath, destinationFor } from '../../src/islands/Login.tsx';

const origin = 'https://site.test';

describe('localPath: only paths of this site are followed after sign-in', () => {
  // each as ?next= carries it, i.e. after URLSearchParams decoding, and raw
  const offSite = [
    '/\\evil.example/',
    '/\t/evil.example/',
    '/\n/evil.example/',
    '//evil.example',
    '///evil.example',
    '/.//evil.example',
    '/%2F/evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    'https://evil.example',
    'HTTPS://evil.example/x',
    'https:evil.example',
    'http://site.test/',
    'https://site.test:444/',
    ' //evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
  ];

  it.each(offSite)('refuses %j', (payload) => {
    const path = localPath(payload, origin);
    // either refused, or a path that stays on this site
    if (path !== null) expect(new URL(path, origin).origin).toBe(origin);
    expect(path === null || /^\/(?![/\\])/.test(path)).toBe(true);
  });

  it.each(['/\\evil.example/', '/\t/evil.example/', '//evil.example', 'https://evil.example', '/.//evil.example', 'javascript:alert(1)'])(
    'returns null for %j',
    (payload) => {
      expect(localPath(payload, origin)).toBeNull();
    },
  );

  it('keeps local paths with their query and hash', () => {
    expect(localPath('/forum/12/', origin)).toBe('/forum/12/');
    expect(localPath('/admin/consultancy/?page=2#top', origin)).toBe('/admin/consultancy/?page=2#top');
    expect(localPath('https://site.test/university/x/', origin)).toBe('/university/x/');
    expect(localPath('/%5Cevil.example/', origin)).toBe('/%5Cevil.example/');
  });

  it('refuses nothing, garbage and other origins', () => {
    expect(localPath(null, origin)).toBeNull();
    expect(localPath('', origin)).toBeNull();
    expect(localPath('http://[::1', origin)).toBeNull();
  });
});

describe('backPath with hostile ?next= and referrers', () => {
  const encoded = [
    '/%5Cevil.example/',
    '/%09/evil.example/',
    '%2F%2Fevil.example',
    'https%3A%2F%2Fevil.example',
    '/%5C/evil',
    '%2F%5Cevil',
    '/.//evil.example',
    '%2F%0A%2Fevil.example',
  ];

  it.each(encoded)('?next=%s goes to the forum', (next) => {
    expect(backPath(`?next=${next}`, '', origin)).toBe('/forum/');
  });

  it('a same-site referrer whose path leads elsewhere is not followed', () => {
    expect(backPath('', 'https://site.test//evil.example/', origin)).toBe('/forum/');
  });

  it('never loops back to /login/', () => {
    expect(backPath('?next=%2Flogin%2F', '', origin)).toBe('/forum/');
  });
});

describe('destinationFor keeps the console page an admin or institution asked for', () => {
  it('follows /admin/… for admins and /dashboard/… for institutions only', () => {
    expect(destinationFor('admin', '/admin/consultancy/7/')).toBe('/admin/consultancy/7/');
    expect(destinationFor('admin', '/dashboard/')).toBe('/admin/');
    expect(destinationFor('consultancy', '/dashboard/applications/')).toBe('/dashboard/applications/');
    expect(destinationFor('college', '/admin/')).toBe('/dashboard/');
  });
});
