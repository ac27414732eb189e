import { createHash } from 'node:crypto';

/**
 * Data saver's class on <html>, set by the one inline script at the top of <body>, before any
 * picture is parsed: a lazy picture near the screen starts loading as soon as it is laid out, long
 * before the site's scripts run (src/lib/stores/dataSaver.ts), so with the setting on the stylesheet
 * keeps such pictures out of the layout (html.data-saver) until their src is taken away. The same
 * rule as the store: the student's choice on this device, else the browser's Save-Data.
 */
export const DATA_SAVER_EARLY =
  "try{var c=localStorage.getItem('data-saver');if(c==='on'||(c===null&&navigator.connection&&navigator.connection.saveData))document.documentElement.classList.add('data-saver')}catch(e){}";

/** Its hash for the pages' Content-Security-Policy (inline scripts run only when hashed there). */
export const DATA_SAVER_EARLY_HASH = `sha256-${createHash('sha256').update(DATA_SAVER_EARLY).digest('base64')}`;
