import { createServer } from 'node:net';
import { test as base, expect } from '../fixtures.js';
import { NotificationSettings } from '../pages/notification-settings.js';
import { startApiServer } from '../support/api-server.js';

/** A port nothing listens on: the server counts email as configured, and these flows send none (only preferences are set). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** This file's server has SMTP configured, so the email preferences are offered. */
const test = base.extend({
  server: [
    async ({ dedicatedServer: _dedicated }, use) => {
      const server = await startApiServer({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, MAIL_FROM: 'Countersign <countersign@acme.test>' } });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

test.use({ viewport: { width: 390, height: 844 } });

test('with SMTP configured, each event has an email preference, saved one by one and kept', async ({ page, context, owner, signInAsOwner }) => {
  await signInAsOwner(context);
  const settings = new NotificationSettings(page);
  await settings.open();
  const email = settings.email;
  await expect(email).toContainText(`Email goes to ${owner.email}`);
  await expect(email.getByRole('form')).toHaveCount(8);
  const asked = email.getByRole('form', { name: 'Email for: An agent asks for a sign-off' });
  const revoked = email.getByRole('form', { name: 'Email for: An agent is revoked' });

  await test.step('a digest every 30 minutes for new requests; nothing for revoked agents', async () => {
    await asked.getByRole('combobox', { name: 'An agent asks for a sign-off' }).selectOption({ label: 'In a digest' });
    await asked.getByLabel('Every (minutes)').fill('30');
    await asked.getByRole('button', { name: 'Save' }).click();
    await expect(asked.locator('..').getByText('Saved.')).toBeVisible();
    await revoked.getByRole('combobox', { name: 'An agent is revoked' }).selectOption({ label: 'Off' });
    await expect(revoked.getByLabel('Every (minutes)')).toHaveCount(0);
    await revoked.getByRole('button', { name: 'Save' }).click();
    await expect(revoked.locator('..').getByText('Saved.')).toBeVisible();
    expect(await settings.overflowsHorizontally()).toBe(false);
  });

  await test.step('kept: a reload shows them', async () => {
    await page.reload();
    await expect(asked.getByRole('combobox', { name: 'An agent asks for a sign-off' })).toHaveValue('DIGEST');
    await expect(asked.getByLabel('Every (minutes)')).toHaveValue('30');
    await expect(revoked.getByRole('combobox', { name: 'An agent is revoked' })).toHaveValue('OFF');
  });
});
