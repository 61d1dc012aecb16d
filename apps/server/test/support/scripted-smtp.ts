import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** What the server does with the n-th message (from 1): take it, refuse it (451), or record it and never answer. */
export type SmtpVerdict = 'accept' | 'refuse' | 'recordAndHang';

export interface ScriptedSmtp {
  url: string;
  /** Every message recorded so far (accepted, or recorded before hanging), in order. */
  recipients(): string[];
  parsed(): Promise<ParsedMail[]>;
  /** Resolves once `count` messages were recorded. */
  waitForMessages(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local SMTP server (127.0.0.1) whose answer to each message the test decides: the sink of the
 * mail tests, where a worker must survive a refusing server or die while the server holds an
 * accepted message without having answered 250.
 */
export const startScriptedSmtp = async (
  verdict: (index: number) => SmtpVerdict = () => 'accept',
  options: {
    /** Listen there (a port a site was told about while nothing listened: SMTP coming back). */
    port?: number;
    /** Greet each connection only after this long: a slow SMTP server. */
    greetingDelayMs?: number;
  } = {},
): Promise<ScriptedSmtp> => {
  const recorded: { to: string[]; raw: Buffer }[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let index = 0;
  const notify = () => {
    for (const waiter of [...waiters]) {
      if (recorded.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (options.greetingDelayMs) setTimeout(() => callback(), options.greetingDelayMs);
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        index += 1;
        const decision = verdict(index);
        if (decision === 'refuse') {
          const error = Object.assign(new Error('try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        recorded.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks) });
        notify();
        if (decision === 'accept') callback();
        // recordAndHang: the message is in, the 250 never goes out.
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    recipients: () => recorded.flatMap((message) => message.to),
    parsed: () => Promise.all(recorded.map((message) => simpleParser(message.raw))),
    waitForMessages: (count) =>
      new Promise<void>((resolve) => {
        waiters.push({ count, resolve });
        notify();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Hanging sessions would keep close() waiting for ever.
        for (const connection of (server as unknown as { connections: Set<{ close(): void }> }).connections ?? []) {
          connection.close();
        }
      }),
  };
};
