import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  raw: Buffer;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  /** Every message accepted so far, recorded before the server answers 250. */
  received: ReceivedMail[];
  parsed(): Promise<ParsedMail[]>;
  clear(): void;
  close(): Promise<void>;
}

/** A local SMTP server, plain text and no authentication, that keeps every message it accepts. */
export const startSmtpSink = async (): Promise<SmtpSink> => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  // A client that dies in the middle of a message (the cluster suite kills an instance while it
  // sends) resets its connection; smtp-server reports that as the server's 'error' event, which
  // would otherwise be thrown as an uncaught exception. The message was not accepted, so it is not
  // in `received`, and the sender sends it again.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    parsed: () => Promise.all(received.map((mail) => simpleParser(mail.raw))),
    clear: () => void received.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
