import nodemailer from 'nodemailer';
import type { Config } from './config.ts';
import { MAIL_MARK, MAIL_MARK_VALUE } from '../src/lib/shared/mail-mark.ts';

/** One message as the outbox keeps it: plain text and simple HTML of the same words. */
export interface Mail {
  /** names the message (its event and recipient): the outbox keeps one row per key, and it becomes the Message-ID */
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** an iCalendar object (RFC 5545) sent as the invitation part and as invite.ics */
  calendar?: string | null;
  /** a link that stops this kind of mail: sent as List-Unsubscribe with one-click POST (RFC 8058) */
  unsubscribe_url?: string | null;
}

/** A paragraph, or a link on a line of its own (shown as its address in the text part). */
export type Block = string | { href: string; label: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A link of a mail carries `via=mail`: a page reached from it opens no dialog by itself for the rest
 * of the visit (src/lib/site/autoDialogs.ts), since whoever follows it came to do something.
 */
export function mailedLink(href: string): string {
  const url = new URL(href);
  url.searchParams.set(MAIL_MARK, MAIL_MARK_VALUE);
  return url.href;
}

/** A message from its paragraphs: the text part has every address written out, the HTML part links them. */
export function compose(key: string, to: string, subject: string, given: Block[]): Mail {
  const blocks = given.map((b) => (typeof b === 'string' ? b : { ...b, href: mailedLink(b.href) }));
  const text = blocks.map((b) => (typeof b === 'string' ? b : b.href)).join('\n\n');
  const body = blocks
    .map((b) =>
      typeof b === 'string'
        ? `<p>${escapeHtml(b).replace(/\n/g, '<br>')}</p>`
        : `<p><a href="${escapeHtml(b.href)}">${escapeHtml(b.label)}</a></p>`,
    )
    .join('\n');
  // no inline styles: mail clients style plain HTML well, and the console's preview (under its CSP) shows it as sent
  const html = `<!doctype html><html><body>\n${body}\n<p>StudyAbroad Nepal</p></body></html>`;
  return { key, to, subject, text: `${text}\n\n-- \nStudyAbroad Nepal`, html };
}

/** The public site's address for links in messages (SITE_URL, else this server's own). */
export const siteUrl = (config: Pick<Config, 'siteUrl' | 'port'>) => config.siteUrl ?? `http://localhost:${config.port}`;

/** The METHOD of an iCalendar object (REQUEST, CANCEL): the invitation part's Content-Type names it too. */
const calendarMethod = (calendar: string) => /^METHOD:(\w+)/m.exec(calendar)?.[1] ?? 'PUBLISH';

export interface Transport {
  /** 'sent' when an SMTP server accepted it; 'kept' when there is none and the console's Outbox is where it is read */
  deliver(mail: Mail): Promise<'sent' | 'kept'>;
  close(): void;
}

/** A Message-ID from the key, so a receiving system sees a repeated delivery as the same message. */
export const messageId = (key: string) => `<${key.replace(/[^\w.!#$%&'*+/=?^`{|}~-]/g, '.')}@outbox.studyabroad>`;

/**
 * nodemailer over SMTP_URL; without it messages stay in the outbox, readable in the console, and
 * one line per message is logged so a newcomer can follow a link without a mail server.
 */
export function createTransport(config: Config, log: (line: string) => void): Transport {
  if (!config.smtpUrl) {
    return {
      deliver: async (mail) => {
        log(
          `Mail to ${mail.to} kept in the console's Outbox (no SMTP_URL): ${mail.subject} ${mail.text.match(/https?:\/\/\S+/)?.[0] ?? ''}`.trim(),
        );
        return 'kept';
      },
      close: () => {},
    };
  }
  // connecting, the greeting and an idle socket each wait at most a sixth of the lease: a delivery ends within half of it
  const timeout = Math.max(500, Math.floor((config.outbox.leaseSeconds * 1000) / 6));
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as never);
  return {
    async deliver(mail) {
      await transport.sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: messageId(mail.key),
        headers: {
          'X-Outbox-Key': mail.key,
          ...(mail.unsubscribe_url
            ? { 'List-Unsubscribe': `<${mail.unsubscribe_url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
            : {}),
        },
        ...(mail.calendar ? { icalEvent: { method: calendarMethod(mail.calendar), content: mail.calendar } } : {}),
      });
      return 'sent';
    },
    close: () => transport.close(),
  };
}
