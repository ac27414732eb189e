import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** the outbox key the message was sent under (its X-Outbox-Key header) */
  key: string;
  messageId: string;
  /** the iCalendar attachments (invite.ics), as text */
  calendars: string[];
  /** how many files the message carried */
  attachments: number;
  /** the List-Unsubscribe and List-Unsubscribe-Post headers as sent, or '' */
  listUnsubscribe: string;
  listUnsubscribePost: string;
}

export interface Inbox {
  /** smtp://127.0.0.1:port, for SMTP_URL */
  url: string;
  /** the next mail to this address (waits for it, at most timeoutMs) */
  next(to: string, timeoutMs?: number): Promise<Received>;
  /** every mail accepted so far, in order (those handed out by next() too) */
  all: Received[];
  /**
   * What the server answers to a message's data: 'accept' (250), 'reject' (a temporary 451, so the
   * sender retries), 'refuse' (a permanent 550), or 'stall' (reads it and never answers: the sender
   * waits mid-delivery). Changeable at any time.
   */
  mode: 'accept' | 'reject' | 'refuse' | 'stall';
  /** resolves when a message's data arrives while stalling */
  stalled(): Promise<void>;
  close(): Promise<void>;
}

/** A header's value as written (mailparser folds List-* headers into an object of its own). */
const rawHeader = (lines: readonly { key: string; line: string }[], key: string) =>
  lines
    .find((l) => l.key === key)
    ?.line.slice(key.length + 1)
    .trim() ?? '';

/** A real SMTP server on a free loopback port that keeps what it accepts: the app sends to it as to any mail server. */
export async function startInbox(): Promise<Inbox> {
  const unclaimed: Received[] = [];
  const waiting: { to: string; resolve: (mail: Received) => void }[] = [];
  const stallWaiters: (() => void)[] = [];
  const inbox = {
    mode: 'accept' as Inbox['mode'],
    all: [] as Received[],
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // a stalled connection must not hold close() for the default half minute
    closeTimeout: 500,
    onData(stream, session, callback) {
      const mode = inbox.mode;
      simpleParser(stream)
        .then((parsed) => {
          if (mode === 'stall') {
            stallWaiters.splice(0).forEach((w) => w());
            return;
          }
          if (mode === 'reject') return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          if (mode === 'refuse') return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
          for (const rcpt of session.envelope.rcptTo) {
            const header = parsed.headers.get('x-outbox-key');
            const mail = {
              to: rcpt.address.toLowerCase(),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              key: typeof header === 'string' ? header : '',
              messageId: parsed.messageId ?? '',
              listUnsubscribe: rawHeader(parsed.headerLines, 'list-unsubscribe'),
              listUnsubscribePost: rawHeader(parsed.headerLines, 'list-unsubscribe-post'),
              calendars: parsed.attachments.filter((a) => a.filename?.endsWith('.ics')).map((a) => a.content.toString('utf8')),
              attachments: parsed.attachments.length,
            };
            inbox.all.push(mail);
            const i = waiting.findIndex((w) => w.to === mail.to);
            if (i >= 0) waiting.splice(i, 1)[0]!.resolve(mail);
            else unclaimed.push(mail);
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return Object.assign(inbox, {
    url: `smtp://127.0.0.1:${port}`,
    next(to: string, timeoutMs = 15_000) {
      const address = to.toLowerCase();
      const i = unclaimed.findIndex((m) => m.to === address);
      if (i >= 0) return Promise.resolve(unclaimed.splice(i, 1)[0]!);
      return new Promise<Received>((resolve, reject) => {
        const entry = { to: address, resolve: (mail: Received) => (clearTimeout(timer), resolve(mail)) };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.push(entry);
      });
    },
    stalled: () => new Promise<void>((resolve) => stallWaiters.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
