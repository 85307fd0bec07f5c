import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, test } from 'vitest';
import { startSmtpReceiver } from '../../../../test/smtp-receiver.js';
import { createMailer } from './mailer.js';

const MESSAGE = {
  to: 'owner@example.test',
  subject: 'Hello',
  text: 'plain',
  html: '<p>html</p>',
  messageId: '<6d1c3f4e-0000-4000-8000-000000000001@example.test>',
};

describe('the mailer', () => {
  test('is null without SMTP_URL: no email is sent at all', () => {
    expect(createMailer(undefined)).toBeNull();
  });

  test('sends From MAIL_FROM, to the owner, under the Message-ID it is given, as text and HTML', async () => {
    const smtp = await startSmtpReceiver();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Countersign <countersign@example.test>' })!;
    try {
      await mailer.send(MESSAGE);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({
        messageId: MESSAGE.messageId,
        to: ['owner@example.test'],
        subject: 'Hello',
        text: 'plain',
        html: '<p>html</p>',
      });
      expect(smtp.received[0]!.from).toContain('<countersign@example.test>');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  test('fails with a reason that never holds the password of SMTP_URL, even when the server repeats it', async () => {
    // A server that echoes the password it was given in its refusal, which nodemailer puts in its error.
    const server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      closeTimeout: 1000,
      onAuth: (auth, _session, callback) => callback(new Error(`535 no such user ${auth.username} with password ${auth.password ?? ''}`)),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createMailer({ smtpUrl: `smtp://mailbot:S3cret%2Fpass@127.0.0.1:${port}`, from: 'countersign@example.test' })!;
    try {
      const error = await mailer.send(MESSAGE).then(
        () => null,
        (caught: unknown) => caught as Error,
      );
      expect(error?.message).toMatch(/no such user \*\*\* with password \*\*\*/);
      expect(error?.message).not.toMatch(/S3cret|mailbot/);
      expect(error?.cause).toBeUndefined();
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
