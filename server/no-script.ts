import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApplicationStatus } from '../src/lib/api/public.ts';
import type { FollowedComplaint } from '../src/lib/api/complaints.ts';
import { formatDate } from '../src/lib/format.ts';
import { localPath } from '../src/lib/shared/local-path.ts';
import { authorLabel, eventTitle } from '../src/lib/shared/complaint-record.ts';
import { applicationFacts, complaintFacts } from '../src/lib/shared/tracking.ts';

/**
 * The site without JavaScript (issue 22). The apply and complaint forms are plain HTML forms posting
 * to their API endpoints; the tracking pages are GET forms whose answer the server fills in.
 *
 * - A plain form post is told apart from the islands' fetch by its Accept header: a browser
 *   navigating asks for text/html, our fetch calls for JSON. Such a post is answered 303 to the
 *   tracking page with the code; its errors with a short HTML page saying what is wrong, with a
 *   link back to the form (the error handler, server/plugins/errors.ts).
 * - /track/?code= and /complaint/track/?code= are the built pages with the application or
 *   complaint written into their <noscript> slot: a browser running scripts ignores it (the island
 *   shows the same from the API), one without shows it. A static host without this server serves the
 *   pages as built: there, without scripts, the tracking form answers nothing.
 */

/** The mark in a built page where the server writes what a visitor without scripts sees (src/pages/track.astro). */
export const NO_SCRIPT_SLOT = /<div data-no-script-result[^>]*><\/div>/;

/** A navigation of the browser itself (a plain form post), not a call of our scripts. */
export const isPlainFormPost = (request: FastifyRequest) =>
  request.method === 'POST' && /\btext\/html\b/.test(request.headers.accept ?? '');

/** Where a plain form post's success goes: the page that follows what it made, with its code. */
export const seeTracking = (reply: FastifyReply, page: '/track/' | '/complaint/track/', code: string) =>
  reply.redirect(`${page}?code=${encodeURIComponent(code)}`, 303);

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const humanize = (field: string) =>
  field === 'non_field_errors' ? 'The form' : field.charAt(0).toUpperCase() + field.slice(1).replaceAll('_', ' ');

/** The page a plain form post's error is answered with: what is wrong, field by field, and the way back. */
export function errorPage(request: FastifyRequest, message: string, fields?: Record<string, string[]>): string {
  const referer = request.headers.referer;
  const back = (referer && localPath(referer, `${request.protocol}://${request.host}`)) || '/';
  const items = Object.entries(fields ?? {})
    .map(([field, messages]) => `<li><strong>${escapeHtml(humanize(field))}</strong>: ${escapeHtml(messages.join(' '))}</li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Please check the form | StudyAbroad Nepal</title></head>
<body><main><h1>Please check the form</h1><p>${escapeHtml(message)}</p>${items ? `<ul>${items}</ul>` : ''}
<p><a href="${escapeHtml(back)}">Go back to the form</a> (your browser's Back button keeps what you typed).</p></main></body></html>`;
}

const facts = (list: [string, string][]) =>
  `<dl class="facts">${list.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;

/** The application as /track/ shows it, for a visitor without scripts. */
export function applicationHtml(status: ApplicationStatus): string {
  const consultancy = status.consultancy?.name ?? status.consultancy_name;
  const timeline = [...status.timeline]
    .reverse()
    .map(
      (t) =>
        `<li><strong>${escapeHtml(t.status_label ?? t.status)}</strong> <span class="muted">${escapeHtml(formatDate(t.created_at, { time: true }))}</span>${t.note ? `<p>${escapeHtml(t.note)}</p>` : ''}</li>`,
    )
    .join('');
  return `<section class="panel" data-no-script-application><h2>${escapeHtml(status.status_label ?? status.status)} <span class="muted">· ${escapeHtml(consultancy)}</span></h2>${facts(applicationFacts(status))}<h3>Timeline</h3><ol class="timeline">${timeline}</ol><p class="muted">Changing or withdrawing the application needs JavaScript.</p></section>`;
}

/** The complaint as /complaint/track/ shows it, for a visitor without scripts. */
export function complaintHtml(complaint: Omit<FollowedComplaint, 'status'>): string {
  const history = complaint.history
    .map((e) => {
      const who = authorLabel(e.author, { reader: 'complainant', consultancy: complaint.consultancy?.name });
      return `<li><strong>${escapeHtml(eventTitle(e, who))}</strong> <span class="muted">${escapeHtml(formatDate(e.created_at, { time: true }))}</span>${e.body ? `<p class="pre-line">${escapeHtml(e.body)}</p>` : ''}</li>`;
    })
    .join('');
  return `<section class="panel" data-no-script-complaint><h2>${escapeHtml(complaint.status_label)}</h2>${facts(complaintFacts(complaint))}<p class="pre-line">${escapeHtml(complaint.message)}</p><h3>History</h3><ol class="timeline">${history}</ol><p class="muted">Replying needs JavaScript.</p></section>`;
}

/** What a visitor without scripts is told when the code finds nothing. */
export const notFoundHtml = (text: string) => `<p class="error" role="alert">${escapeHtml(text)}</p>`;

export const fillSlot = (page: string, html: string) => page.replace(NO_SCRIPT_SLOT, html);
