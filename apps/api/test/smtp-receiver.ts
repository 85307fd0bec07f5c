import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as an inbox would show it, parsed by mailparser (code the project did not write). */
export interface ReceivedMail {
  /** The Message-ID header, with its angle brackets. */
  messageId: string | undefined;
  from: string;
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/**
 * How the receiver answers the n-th DATA it gets (1-based, over all
 * messages): undefined takes the message; a code and text refuse it (a 4xx
 * is a temporary failure the sender retries).
 */
export type DataAnswer = (n: number) => { code: number; message: string } | undefined;

export interface SmtpReceiver {
  port: number;
  /** The SMTP_URL that reaches it. */
  url: string;
  /** Messages taken, in order. */
  received: ReceivedMail[];
  /** Every DATA, taken or refused, in order. */
  attempts: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (smtp-server, no TLS, no authentication)
 * that keeps what it is sent. `port` 0 takes a free port; a given port
 * brings a receiver up where an earlier one was down.
 */
export async function startSmtpReceiver(options: { port?: number; answer?: DataAnswer } = {}): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const attempts: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString();
        simpleParser(raw).then(
          (parsed) => {
            const mail: ReceivedMail = {
              messageId: parsed.messageId,
              from: parsed.from?.text ?? '',
              to: session.envelope.rcptTo.map((address) => address.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html || '',
              raw,
            };
            attempts.push(mail);
            const refusal = options.answer?.(attempts.length);
            if (refusal) {
              callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
              return;
            }
            received.push(mail);
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on (taken from the system, then let go): an SMTP server that is down. */
export async function closedPort(): Promise<number> {
  const probe = await startSmtpReceiver();
  await probe.close();
  return probe.port;
}
