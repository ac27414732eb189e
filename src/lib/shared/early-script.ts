import { CONSOLE_PATH, isTaskPage, SHOWN_COOKIE, WIDE } from './auto-dialog-rules.ts';
import { hashSource } from './csp.ts';
import { MAIL_MARK, MAIL_MARK_VALUE } from './mail-mark.ts';

/**
 * The one inline script at the top of <body>, run before any picture is parsed and long before the
 * site's scripts (docs/architecture.md, "Budgets and Lighthouse").
 *
 * Data saver's class on <html>: a lazy picture near the screen starts loading as soon as it is laid
 * out, so with the setting on the stylesheet keeps such pictures out of the layout (html.data-saver)
 * until their src is taken away (src/lib/stores/dataSaver.ts). The same rule as the store: the
 * student's choice on this device, else the browser's Save-Data.
 *
 * The roadblock ad's call, on the one page view of a session that may open it by itself (the rules
 * of src/lib/site/autoDialogs.ts, from the same constants): on a slow line its picture is the page's
 * largest paint, and waiting for the scripts to ask for it put it a second and more behind them. The
 * answer waits on `window.earlyRoadblockAds` for the ad's island (src/islands/RoadblockAd.tsx),
 * and the picture this screen shows (the same candidates as the island's, so the same file) starts
 * loading at once. Nothing is fetched with data saver on, as the island fetches nothing then. Which
 * pages are task pages is known when the page is built, so those get the script without this part
 * (earlyScriptFor): every byte here is in the 14 KB of every page.
 */
const DATA_SAVER_ON = "s==='on'||(s===null&&navigator.connection&&navigator.connection.saveData)";

/** the session has not had its first page nor its ad, and did not begin from one of our mails */
const MAY_OPEN_ROADBLOCK =
  `new URLSearchParams(location.search).get('${MAIL_MARK}')!=='${MAIL_MARK_VALUE}'&&` +
  "t.indexOf('first')<0&&t.indexOf('mail')<0&&t.indexOf('roadblock')<0";

/** the ad the island shows (the first with a picture), and of it the picture for this screen's width */
const PRELOAD_PICTURE =
  'var l=Array.isArray(a)?a:(a&&a.results)||[],d=l.find(function(x){return x.desktop_image_url||x.mobile_image_url});' +
  `if(d){var w=matchMedia('${WIDE}').matches,` +
  "k=d.desktop_image_url?'desktop':'mobile',m=d.mobile_image_url?'mobile':'desktop',n=w?k:m,i=new Image(),x=d[n+'_image_url'],y=d[n+'_image_2x_url'];" +
  "i.fetchPriority='high';if(y)i.srcset=x+' 1x, '+y+' 2x';i.src=x}";

const ROADBLOCK =
  `var c=document.cookie.match(/(?:^|; )${SHOWN_COOKIE}=([^;]*)/),t=c?c[1].split('.'):[];` +
  `if(${MAY_OPEN_ROADBLOCK})window.earlyRoadblockAds=fetch('/api/ads/?placement=roadblock_ad').then(function(r){if(!r.ok)throw r.status;return r.json()})` +
  `.then(function(a){${PRELOAD_PICTURE}return a})`;

const early = (otherwise: string) =>
  `try{var s=localStorage.getItem('data-saver');if(${DATA_SAVER_ON})document.documentElement.classList.add('data-saver')${otherwise}}catch(e){}`;

const EARLY_SCRIPTS = { task: early(''), roadblock: early(`;else{${ROADBLOCK}}`) };

/** The early script of the page at `path`: the roadblock's part only where the ad may open by itself. */
export const earlyScriptFor = (path: string) =>
  isTaskPage(path) || CONSOLE_PATH.test(path) ? EARLY_SCRIPTS.task : EARLY_SCRIPTS.roadblock;

/** Their hashes for the pages' Content-Security-Policy (inline scripts run only when hashed there). */
export const EARLY_SCRIPT_HASHES = Object.values(EARLY_SCRIPTS).map(hashSource);
