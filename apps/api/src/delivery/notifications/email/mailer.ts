import nodemailer from 'nodemailer';
import type { MailConfig } from '../../../platform/lib/mail-config.js';

/** One email as it is handed to the SMTP server. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The stable Message-ID (with angle brackets): a repeat of the same notification carries the same one. */
  messageId: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Connecting, the server's greeting and any silence mid-conversation each
 * end an attempt after this long: an SMTP server that is away costs one
 * failed attempt (retried later by the outbox), never a delivery slot held
 * for nodemailer's default minutes.
 */
export const SMTP_TIMEOUT_MS = 10_000;

/**
 * The notification mailer: nodemailer over SMTP_URL, From MAIL_FROM; null
 * when no SMTP is configured. One connection per message (no pool): email
 * is rare, and a pooled connection the server dropped while idle would fail
 * the next message for nothing.
 */
export function createMailer(config: MailConfig | undefined): Mailer | null {
  if (!config) return null;
  const transport = nodemailer.createTransport(
    { url: config.smtpUrl, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS, logger: false },
    { from: config.from },
  );
  const credentials = credentialsOf(config.smtpUrl);
  return {
    send: async (message) => {
      try {
        await transport.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html, messageId: message.messageId });
      } catch (error) {
        // The reason is recorded with the attempt and shown to the owner: it must not carry SMTP_URL's password.
        // eslint-disable-next-line preserve-caught-error -- the original is left off on purpose: its message may hold that password
        throw new Error(redact(error instanceof Error ? error.message : String(error), credentials));
      }
    },
    close: () => transport.close(),
  };
}

/** The user name and password SMTP_URL carries (decoded and as written), to keep out of any error text. */
function credentialsOf(smtpUrl: string): string[] {
  const url = new URL(smtpUrl);
  return [url.password, url.username, decoded(url.password), decoded(url.username)].filter((part) => part.length >= 3);
}

/** A URL part as the server receives it; one that is not valid percent-encoding is sent as written. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function redact(message: string, secrets: string[]): string {
  return secrets.reduce((text, secret) => text.split(secret).join('***'), message);
}
