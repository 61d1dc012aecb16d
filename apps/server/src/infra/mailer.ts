import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** `<id@host>`; nodemailer makes a random one when absent. */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Mail through SMTP_URL with nodemailer; without SMTP, each mail becomes an .eml file in the
 * outbox folder (nodemailer builds the same message), so nothing is lost on a demo or test setup.
 */
export const createMailer = (options: { smtpUrl?: string; from?: string; outboxDir: string }): Mailer => {
  const from = options.from ?? 'Gatekeeper <noreply@localhost>';
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const dir = resolve(options.outboxDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      mkdirSync(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      writeFileSync(join(dir, name), info.message as Buffer);
    },
    close: () => transport.close(),
  };
};
