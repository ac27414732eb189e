import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string;
  subject: string;
  text: string;
}

export interface Inbox {
  /** smtp://127.0.0.1:port, for SMTP_URL */
  url: string;
  /** the next mail to this address (waits for it) */
  next(to: string): Promise<Received>;
  close(): Promise<void>;
}

/** A real SMTP server on a free port that keeps what it receives: the app sends to it as to any mail server. */
export async function startInbox(): Promise<Inbox> {
  const received: Received[] = [];
  const waiting: { to: string; resolve: (mail: Received) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const rcpt of session.envelope.rcptTo) {
            const mail = { to: rcpt.address.toLowerCase(), subject: parsed.subject ?? '', text: parsed.text ?? '' };
            const i = waiting.findIndex((w) => w.to === mail.to);
            if (i >= 0) waiting.splice(i, 1)[0]!.resolve(mail);
            else received.push(mail);
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    next(to) {
      const address = to.toLowerCase();
      const i = received.findIndex((m) => m.to === address);
      if (i >= 0) return Promise.resolve(received.splice(i, 1)[0]!);
      return new Promise((resolve) => waiting.push({ to: address, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
