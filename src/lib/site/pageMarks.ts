import { markStale } from '../shared/checked.ts';
import { markEnded } from '../shared/ended.ts';
import { markClosing } from './closing.ts';
import { wireQualifyMarks } from './qualifyMarks.ts';
import { wireSaveButtons } from './saveButtons.ts';

/**
 * What a built page corrects or wires in the browser, once per page (src/layouts/Base.astro): what
 * ended or went stale since the build, deadlines closing, the Save buttons, and what the device's
 * profile makes of the requirements shown. Each finds its elements by their data attributes and
 * does nothing on a page without them. One script for all: on a slow line each script file of its
 * own was another request (issue 27).
 */
export function markPage(doc: Document, now: number) {
  markEnded(doc, now);
  markClosing(doc, now);
  markStale(doc, now);
  wireSaveButtons(doc);
  wireQualifyMarks(doc);
}
