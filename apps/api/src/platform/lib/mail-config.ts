/**
 * Where notification email goes out (SMTP_URL and MAIL_FROM, read by
 * config.ts). Here rather than in config.ts so the mailer can name it
 * without depending on the configuration module.
 */
export interface MailConfig {
  /** smtp:// or smtps://, credentials included when the server needs them (never logged). */
  smtpUrl: string;
  /** The From address, e.g. "Countersign <countersign@example.com>". */
  from: string;
}
