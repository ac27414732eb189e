import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends mail with nodemailer: over SMTP when SMTP_URL is set; otherwise (a laptop, a demo) each mail
 * is written to DATA_DIR/outbox as an .eml file and logged in one line, so a newcomer can follow a
 * sign-up link without a mail server.
 */
export function createMailer(config: Config, log: (line: string) => void): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: config.mailFrom, ...mail })) };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const sent = await transport.sendMail({ from: config.mailFrom, ...mail });
      await fs.promises.mkdir(outbox, { recursive: true, mode: 0o700 });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^\w.@-]/g, '_')}.eml`);
      await fs.promises.writeFile(file, sent.message as Buffer, { mode: 0o600 });
      log(`Mail to ${mail.to} (no SMTP_URL, kept in ${file}): ${mail.subject} ${mail.text.match(/https?:\/\/\S+/)?.[0] ?? ''}`.trim());
    },
  };
}
