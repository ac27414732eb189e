// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyScriptFor } from '../../src/lib/shared/early-script.ts';
import { adPictures } from '../../src/lib/site/adPictures.ts';
import { mayOpenByItself, resetAutoDialogs } from '../../src/lib/site/autoDialogs.ts';
import { roadblockAds, type Ad } from '../../src/lib/api/public.ts';
import { roadblockAllowed } from '../../src/islands/RoadblockAd.tsx';

const AD: Ad = {
  id: 3,
  placement: 'roadblock_ad',
  title: 'Study in Japan fair',
  redirect_url: 'https://example.com/fair',
  desktop_image_url: '/media/ab/desk.webp',
  mobile_image_url: '/media/cd/mob.webp',
  desktop_image_2x_url: '/media/ab/desk@2x.webp',
  mobile_image_2x_url: null,
};

/** The pictures the script asked the browser for. */
let images: { src: string; srcset: string }[];
let fetched: string[];

/** Runs the early script the page at `path` was built with, as the browser does, with the session cookie `tokens`. */
function runEarly(path: string, tokens = '', answer: unknown = [AD]) {
  history.replaceState(null, '', path);
  document.cookie = tokens ? `auto_dialogs=${tokens}; path=/` : 'auto_dialogs=; path=/; max-age=0';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
  new Function(earlyScriptFor(location.pathname))();
}

/** What the island's own rules say of the same page view (src/islands/RoadblockAd.tsx, src/lib/site/autoDialogs.ts). */
function islandWouldAsk(path: string, tokens = '') {
  resetAutoDialogs();
  history.replaceState(null, '', path);
  if (tokens) document.cookie = `auto_dialogs=${tokens}; path=/`;
  return roadblockAllowed(location.pathname) && mayOpenByItself('roadblock', location.pathname);
}

/** a screen of this width (happy-dom answers every media query for its 1024 px window) */
const screenOf = (width: number) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0) <= width }));

beforeEach(() => {
  images = [];
  fetched = [];
  localStorage.clear();
  document.documentElement.classList.remove('data-saver');
  delete window.earlyRoadblockAds;
  vi.stubGlobal(
    'Image',
    class {
      srcset = '';
      set src(value: string) {
        images.push({ src: value, srcset: this.srcset });
      }
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAutoDialogs();
});

describe("the pages' early script (src/lib/shared/early-script.ts)", () => {
  const views: [string, string][] = [
    ['/', ''],
    ['/consultancy/everest/', ''],
    ['/course/', 'booking'],
    ['/', 'first'],
    ['/', 'mail'],
    ['/', 'roadblock'],
    ['/', 'first.roadblock.booking'],
    ['/?via=mail', ''],
    ['/track/', ''],
    ['/shortlist/', ''],
    ['/login/', ''],
    ['/consultancy/everest/apply/', ''],
    ['/search/?q=mba', ''],
    ['/admin/', ''],
    ['/dashboard/profile/', ''],
    ['/404', ''],
  ];

  it.each(views)('asks for the roadblock ad at %s (cookie "%s") exactly when the island would', (path, tokens) => {
    const expected = islandWouldAsk(path, tokens);
    runEarly(path, tokens);
    expect(fetched).toEqual(expected ? ['/api/ads/?placement=roadblock_ad'] : []);
    expect(Boolean(window.earlyRoadblockAds)).toBe(expected);
  });

  it('marks data saver and asks for nothing when the student turned it on', () => {
    localStorage.setItem('data-saver', 'on');
    runEarly('/');
    expect(document.documentElement.classList.contains('data-saver')).toBe(true);
    expect(fetched).toEqual([]);
  });

  it("loads the picture the island shows on a phone (mobile, no 2x kept) and on a wide screen (desktop's 1x and 2x)", async () => {
    screenOf(360);
    runEarly('/');
    await window.earlyRoadblockAds;
    const { mobile, desktop } = adPictures(AD)!;
    expect(images).toEqual([{ src: mobile.src, srcset: '' }]);
    expect(mobile.srcSet).toBe(mobile.src);

    images = [];
    screenOf(1366);
    runEarly('/');
    await window.earlyRoadblockAds;
    expect(images).toEqual([{ src: desktop.src, srcset: desktop.srcSet }]);
  });

  it('takes an ad without pictures as the island does: no picture, the answer kept; a page of ads like an array', async () => {
    screenOf(360);
    runEarly('/', '', { results: [{ ...AD, desktop_image_url: null, mobile_image_url: null }, AD] });
    await window.earlyRoadblockAds;
    expect(images.map((i) => i.src)).toEqual([AD.mobile_image_url]);

    runEarly('/', '', [{ ...AD, desktop_image_url: null, mobile_image_url: null }]);
    await window.earlyRoadblockAds;
    expect(images).toHaveLength(1);
  });

  it("hands its answer to the island's call once, which then asks the server itself", async () => {
    runEarly('/');
    expect(await roadblockAds()).toEqual([AD]);
    expect(fetched).toHaveLength(1);
    expect(window.earlyRoadblockAds).toBeUndefined();
  });

  it('a failed early call counts as none: the island asks again', async () => {
    history.replaceState(null, '', '/');
    window.earlyRoadblockAds = Promise.reject(new Error('offline'));
    const again = vi.fn(async () => new Response(JSON.stringify([AD]), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', again);
    expect(await roadblockAds()).toEqual([AD]);
    expect(again).toHaveBeenCalledTimes(1);
  });
});
