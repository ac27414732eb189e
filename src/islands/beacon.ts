import { pageview } from '../lib/api/public.ts';

export const SESSION_KEY = 'analytics_session_id';
export const UA_MAX = 500;

/** Made once and kept in storage (SPEC §4). */
export function analyticsSessionId(): string {
  let id: string | null = null;
  try {
    id = localStorage.getItem(SESSION_KEY);
  } catch {
    /* storage off */
  }
  if (id) return id;
  id =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  try {
    localStorage.setItem(SESSION_KEY, id);
  } catch {
    /* storage off */
  }
  return id;
}

export function browserName(ua: string): string {
  if (/Edg\//.test(ua)) return 'Edge';
  if (/OPR\/|Opera/.test(ua)) return 'Opera';
  if (/SamsungBrowser/.test(ua)) return 'Samsung Internet';
  if (/Firefox\//.test(ua)) return 'Firefox';
  if (/Chrome\/|CriOS/.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'Other';
}

export function deviceType(ua: string): string {
  if (/iPad|Tablet|(Android(?!.*Mobile))/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|Android/i.test(ua)) return 'mobile';
  return 'desktop';
}

export interface Institute {
  type: 'consultancy' | 'college' | 'university';
  id: number;
}

/** POST /analytics/pageview/; failures are only logged (inside `pageview`). */
export function sendPageview(institute?: Institute | null): Promise<void> {
  const ua = navigator.userAgent ?? '';
  return pageview({
    institute_type: institute?.type ?? null,
    institute_id: institute?.id ?? null,
    session_id: analyticsSessionId(),
    user_agent: ua.slice(0, UA_MAX),
    browser: browserName(ua),
    device: deviceType(ua),
    path: location.pathname.slice(0, 500),
  });
}
