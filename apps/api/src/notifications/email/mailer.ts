import type { MailConfig } from '../../config.js';

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

/** STUB (to be written with nodemailer): null when no SMTP is configured. */
export function createMailer(config: MailConfig | undefined): Mailer | null {
  if (!config) return null;
  throw new Error('email is not written yet');
}
