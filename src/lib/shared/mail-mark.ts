/**
 * The query parameter our mails add to their links (server/mail.ts): a session that began from one
 * opens no dialog by itself (src/lib/site/autoDialogs.ts), since whoever follows it came to do something.
 */
export const MAIL_MARK = 'via';
export const MAIL_MARK_VALUE = 'mail';
