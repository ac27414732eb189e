// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/api/public.ts', () => ({ pageview: vi.fn(async () => {}) }));

import * as publicApi from '../../src/lib/api/public.ts';
import { SESSION_KEY, analyticsSessionId, browserName, deviceType, sendPageview } from '../../src/islands/beacon.ts';

const pageview = vi.mocked(publicApi.pageview);
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('pageview beacon (SPEC §3, §4, §9)', () => {
  it('makes the analytics session id once and keeps it in storage', () => {
    const id = analyticsSessionId();
    expect(id).toMatch(/\S{8,}/);
    expect(localStorage.getItem(SESSION_KEY)).toBe(id);
    expect(analyticsSessionId()).toBe(id);
  });

  it('sends institute type and id, browser, device and the user agent cut at 500 characters', async () => {
    vi.stubGlobal('navigator', { userAgent: ANDROID + 'x'.repeat(600) });
    await sendPageview({ type: 'consultancy', id: 12 });
    const body = pageview.mock.calls[0]![0];
    expect(body).toMatchObject({
      institute_type: 'consultancy',
      institute_id: 12,
      browser: 'Chrome',
      device: 'mobile',
      session_id: analyticsSessionId(),
    });
    expect(body.user_agent).toHaveLength(500);
    expect(body.user_agent.startsWith('Mozilla/5.0 (Linux; Android 14')).toBe(true);
  });

  it('sends null institute fields on other pages', async () => {
    await sendPageview(null);
    expect(pageview.mock.calls[0]![0]).toMatchObject({ institute_type: null, institute_id: null });
  });

  it('tells browsers and devices apart', () => {
    expect(browserName('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131 Safari/537.36 Edg/131')).toBe('Edge');
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox');
    expect(
      browserName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari');
    expect(deviceType('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile')).toBe('mobile');
    expect(deviceType('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(deviceType('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('desktop');
  });
});
